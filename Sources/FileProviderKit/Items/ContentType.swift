/// The type of an item's content, identified by a uniform type identifier such as `public.folder`.
///
/// A portable stand-in for `UTType`, which does not exist on Linux. Types form a hierarchy: a
/// type conforms to itself and to its supertypes (``plainText`` conforms to ``text``, ``data`` and
/// ``item``). The well-known types below carry Apple's identifiers and hierarchy; a custom type
/// declares its supertypes when created and conforms to ``item`` in any case.
///
/// Two types are equal when their identifiers are; the encoded form is the identifier alone, and
/// decoding a custom identifier restores the supertypes of the well-known types only.
public struct ContentType: Hashable, Codable, Sendable, CustomStringConvertible {
    /// The uniform type identifier, for example `public.plain-text`.
    public let identifier: String

    /// The identifiers of every type this one conforms to, itself excluded.
    public let supertypeIdentifiers: Set<String>

    /// Creates a type from its identifier. A well-known identifier gets its known supertypes;
    /// another gets those of `supertypes` and their supertypes, plus ``item``.
    public init(_ identifier: String, conformingTo supertypes: [ContentType] = []) {
        self.identifier = identifier
        if let known = Self.knownSupertypes[identifier] {
            self.supertypeIdentifiers = known
        } else {
            var all: Set<String> = [Self.itemIdentifier]
            for supertype in supertypes {
                all.insert(supertype.identifier)
                all.formUnion(supertype.supertypeIdentifiers)
            }
            all.remove(identifier)
            self.supertypeIdentifiers = all
        }
    }

    /// Decodes a type from its identifier.
    public init(from decoder: any Decoder) throws {
        self.init(try decoder.singleValueContainer().decode(String.self))
    }

    /// Encodes the identifier as a single string.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(identifier)
    }

    /// Whether this type is `other` or one of its subtypes.
    public func conforms(to other: ContentType) -> Bool {
        other.identifier == identifier || supertypeIdentifiers.contains(other.identifier)
    }

    /// Whether the item is a user-visible folder (conforms to ``folder``).
    public var isFolder: Bool { conforms(to: .folder) }

    /// Whether the item is a directory, that is a folder or a package: a container that has
    /// children. Changing an item between directory and non-directory is not allowed.
    public var isDirectory: Bool { conforms(to: .directory) }

    /// Whether the item is a symbolic link, whose target is its ``FileProviderItem/symlinkTargetPath``.
    public var isSymbolicLink: Bool { conforms(to: .symbolicLink) }

    /// Two types are equal when their identifiers are.
    public static func == (lhs: ContentType, rhs: ContentType) -> Bool {
        lhs.identifier == rhs.identifier
    }

    /// Hashes the identifier.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(identifier)
    }

    /// The identifier.
    public var description: String { identifier }

    /// Whether the type is one of the well-known types below, whose place in the hierarchy the
    /// package knows; a custom type knows only the supertypes it was created with.
    public var isWellKnown: Bool { Self.knownSupertypes[identifier] != nil }

    /// The type guessed from a filename extension (case-insensitive), or ``data`` when the
    /// extension is unknown or missing.
    public static func forFilenameExtension(_ filenameExtension: String) -> ContentType {
        byExtension[filenameExtension.lowercased()] ?? .data
    }

    /// The type guessed from a filename's extension; see ``forFilenameExtension(_:)``.
    public static func forFilename(_ filename: String) -> ContentType {
        guard let dot = filename.lastIndex(of: "."), dot != filename.startIndex else { return .data }
        return forFilenameExtension(String(filename[filename.index(after: dot)...]))
    }

    private static let itemIdentifier = "public.item"

    private static let hierarchy: [String: [String]] = [
        "public.item": [],
        "public.content": [],
        "public.data": ["public.item"],
        "public.directory": ["public.item"],
        "public.folder": ["public.directory"],
        "com.apple.package": ["public.directory"],
        "public.symlink": ["public.item"],
        "com.apple.alias-file": ["public.data"],
        "public.text": ["public.data", "public.content"],
        "public.plain-text": ["public.text"],
        "public.utf8-plain-text": ["public.plain-text"],
        "public.json": ["public.text"],
        "public.xml": ["public.text"],
        "public.html": ["public.text"],
        "net.daringfireball.markdown": ["public.plain-text"],
        "public.comma-separated-values-text": ["public.plain-text"],
        "public.source-code": ["public.plain-text"],
        "public.swift-source": ["public.source-code"],
        "public.image": ["public.data", "public.content"],
        "public.png": ["public.image"],
        "public.jpeg": ["public.image"],
        "public.heic": ["public.image"],
        "com.compuserve.gif": ["public.image"],
        "public.svg-image": ["public.image", "public.xml"],
        "com.adobe.pdf": ["public.data", "public.content"],
        "public.audiovisual-content": ["public.data", "public.content"],
        "public.movie": ["public.audiovisual-content"],
        "public.audio": ["public.audiovisual-content"],
        "public.archive": ["public.data"],
        "public.zip-archive": ["public.archive"],
    ]

    private static let knownSupertypes: [String: Set<String>] = {
        func closure(of identifier: String) -> Set<String> {
            var result: Set<String> = []
            var pending = hierarchy[identifier] ?? []
            while let next = pending.popLast() {
                if result.insert(next).inserted { pending += hierarchy[next] ?? [] }
            }
            if identifier != itemIdentifier { result.insert(itemIdentifier) }
            return result
        }
        return Dictionary(uniqueKeysWithValues: hierarchy.keys.map { ($0, closure(of: $0)) })
    }()

    private static let byExtension: [String: ContentType] = [
        "txt": .plainText, "text": .plainText, "md": .markdown, "markdown": .markdown, "json": .json,
        "xml": .xml, "html": .html, "htm": .html, "csv": .commaSeparatedText, "swift": .swiftSource,
        "png": .png, "jpg": .jpeg, "jpeg": .jpeg, "heic": .heic, "gif": .gif, "svg": .svg, "pdf": .pdf,
        "zip": .zip, "mov": .movie, "mp4": .movie, "mp3": .audio, "m4a": .audio,
    ]
}

extension ContentType {
    /// `public.item`: the root of the hierarchy; every type conforms to it.
    public static let item = ContentType("public.item")
    /// `public.content`: anything with user-visible content.
    public static let content = ContentType("public.content")
    /// `public.data`: a regular file's bytes.
    public static let data = ContentType("public.data")
    /// `public.directory`: any directory, folder or package.
    public static let directory = ContentType("public.directory")
    /// `public.folder`: a user-visible folder.
    public static let folder = ContentType("public.folder")
    /// `com.apple.package`: a directory shown as a single file.
    public static let package = ContentType("com.apple.package")
    /// `public.symlink`: a symbolic link.
    public static let symbolicLink = ContentType("public.symlink")
    /// `com.apple.alias-file`: a Finder alias.
    public static let aliasFile = ContentType("com.apple.alias-file")
    /// `public.text`: any text.
    public static let text = ContentType("public.text")
    /// `public.plain-text`: text without markup.
    public static let plainText = ContentType("public.plain-text")
    /// `public.utf8-plain-text`: plain text in UTF-8.
    public static let utf8PlainText = ContentType("public.utf8-plain-text")
    /// `public.json`: JSON text.
    public static let json = ContentType("public.json")
    /// `public.xml`: XML text.
    public static let xml = ContentType("public.xml")
    /// `public.html`: HTML text.
    public static let html = ContentType("public.html")
    /// `net.daringfireball.markdown`: Markdown text.
    public static let markdown = ContentType("net.daringfireball.markdown")
    /// `public.comma-separated-values-text`: CSV text.
    public static let commaSeparatedText = ContentType("public.comma-separated-values-text")
    /// `public.source-code`: source code.
    public static let sourceCode = ContentType("public.source-code")
    /// `public.swift-source`: Swift source code.
    public static let swiftSource = ContentType("public.swift-source")
    /// `public.image`: any image.
    public static let image = ContentType("public.image")
    /// `public.png`: a PNG image.
    public static let png = ContentType("public.png")
    /// `public.jpeg`: a JPEG image.
    public static let jpeg = ContentType("public.jpeg")
    /// `public.heic`: a HEIC image.
    public static let heic = ContentType("public.heic")
    /// `com.compuserve.gif`: a GIF image.
    public static let gif = ContentType("com.compuserve.gif")
    /// `public.svg-image`: an SVG image.
    public static let svg = ContentType("public.svg-image")
    /// `com.adobe.pdf`: a PDF document.
    public static let pdf = ContentType("com.adobe.pdf")
    /// `public.audiovisual-content`: audio or video.
    public static let audiovisualContent = ContentType("public.audiovisual-content")
    /// `public.movie`: a movie.
    public static let movie = ContentType("public.movie")
    /// `public.audio`: audio.
    public static let audio = ContentType("public.audio")
    /// `public.archive`: an archive.
    public static let archive = ContentType("public.archive")
    /// `public.zip-archive`: a ZIP archive.
    public static let zip = ContentType("public.zip-archive")
}
