/// The OpenAPI 3.0 document of the server's HTTP API, served at `GET /openapi.json`: every
/// route, the admin ones included (they exist only with an admin secret and take it in
/// `X-Admin-Secret`), and `/metrics` (it exists only with a metrics secret), with its
/// parameters, bodies, statuses and error codes. It is the API's published description; a test
/// (`OpenAPIDocumentTests`) checks it against the routes, `APIErrorCode` and the wire types,
/// and CI runs schemathesis against a running server with it.
enum OpenAPIDocument {
    /// The document, as JSON.
    static let json = #"""
        {
          "openapi": "3.0.3",
          "info": {
            "title": "FruitBasket",
            "version": "1.0.0",
            "description": "The FruitBasket server's HTTP API. Every account is a tenant: behind a bearer token, only the token's account's items, uploads and deletions exist."
          },
          "security": [{"bearer": []}],
          "components": {
            "securitySchemes": {
              "bearer": {
                "type": "http",
                "scheme": "bearer"
              },
              "adminSecret": {
                "type": "apiKey",
                "in": "header",
                "name": "X-Admin-Secret",
                "description": "The server's admin secret (--admin-secret-file or FRUITBASKET_ADMIN_SECRET), not an account's token."
              },
              "metricsSecret": {
                "type": "http",
                "scheme": "bearer",
                "description": "The server's metrics secret (--metrics-secret-file or FRUITBASKET_METRICS_SECRET), not an account's token."
              }
            },
            "schemas": {
              "ErrorCode": {
                "type": "string",
                "enum": ["invalidRequest", "invalidName", "invalidMove", "noSuchUpload", "notAuthenticated", "reservedItem", "noSuchItem", "noSuchRoute", "nameCollision", "directoryNotEmpty", "cursorExpired", "versionGone", "versionMismatch", "payloadTooLarge", "rangeNotSatisfiable", "preconditionRequired", "quotaExceeded", "internalError", "unavailable"]
              },
              "Error": {
                "type": "object",
                "required": ["code", "message"],
                "properties": {
                  "code": {"$ref": "#/components/schemas/ErrorCode"},
                  "message": {"type": "string"},
                  "item": {"$ref": "#/components/schemas/Item"}
                }
              },
              "HealthStatus": {
                "type": "object",
                "required": ["status"],
                "properties": {
                  "status": {"type": "string", "enum": ["ok"]}
                }
              },
              "TokenRequest": {
                "type": "object",
                "required": ["account", "secret"],
                "properties": {
                  "account": {"type": "string"},
                  "secret": {"type": "string"}
                }
              },
              "TokenGrant": {
                "type": "object",
                "required": ["token", "expires"],
                "properties": {
                  "token": {"type": "string"},
                  "expires": {"type": "number"}
                }
              },
              "ServerState": {
                "type": "object",
                "required": ["epoch", "sequence", "cursor"],
                "properties": {
                  "epoch": {"type": "string"},
                  "sequence": {"type": "integer", "format": "int64"},
                  "cursor": {"type": "string"}
                }
              },
              "ItemKind": {
                "type": "string",
                "enum": ["file", "folder", "symlink"]
              },
              "Item": {
                "description": "An item as the server has it: a NewItem's fields and the server's own.",
                "allOf": [{"$ref": "#/components/schemas/NewItem"}, {"type": "object", "required": ["id", "parent", "name", "kind", "contentVersion", "metadataVersion", "flags", "extendedAttributes"], "properties": {"id": {"type": "string"}, "contentVersion": {"type": "integer", "format": "int64"}, "metadataVersion": {"type": "integer", "format": "int64"}, "size": {"type": "integer", "format": "int64"}, "childCount": {"type": "integer"}}}]
              },
              "NewItem": {
                "type": "object",
                "description": "An item to create or change: parent, name and kind, and its metadata. Other fields (id, versions, size, childCount) are the server's and ignored.",
                "required": ["parent", "name", "kind"],
                "properties": {
                  "parent": {"type": "string"},
                  "name": {"type": "string"},
                  "kind": {"$ref": "#/components/schemas/ItemKind"},
                  "created": {"type": "number"},
                  "modified": {"type": "number"},
                  "lastUsed": {"type": "number"},
                  "tagData": {"type": "string", "format": "byte"},
                  "favoriteRank": {"type": "integer", "minimum": 0},
                  "symlinkTarget": {"type": "string"},
                  "flags": {"type": "integer", "minimum": 0, "maximum": 31},
                  "extendedAttributes": {"type": "object", "additionalProperties": {"type": "string", "format": "byte"}},
                  "typeCode": {"type": "integer", "minimum": 0, "maximum": 4294967295},
                  "creatorCode": {"type": "integer", "minimum": 0, "maximum": 4294967295},
                  "contentType": {"type": "string", "minLength": 1, "maxLength": 255, "description": "The uniform type identifier given at creation, kept through renames, moves and content writes; left out when none was given. At most 255 bytes of UTF-8, no NUL."}
                }
              },
              "CreateItemRequest": {
                "type": "object",
                "required": ["item"],
                "properties": {
                  "item": {"$ref": "#/components/schemas/NewItem"},
                  "upload": {"type": "string"},
                  "mayAlreadyExist": {"type": "boolean"}
                }
              },
              "Field": {
                "type": "string",
                "enum": ["contents", "name", "parent", "lastUsed", "tagData", "favoriteRank", "created", "modified", "flags", "extendedAttributes", "typeAndCreator"]
              },
              "ModifyItemRequest": {
                "type": "object",
                "required": ["item", "fields", "onConflict"],
                "properties": {
                  "item": {"$ref": "#/components/schemas/NewItem"},
                  "fields": {"type": "array", "items": {"$ref": "#/components/schemas/Field"}},
                  "upload": {"type": "string"},
                  "onConflict": {"type": "string", "enum": ["fail", "keepBoth"]}
                }
              },
              "ModifyItemResponse": {
                "type": "object",
                "required": ["item"],
                "properties": {
                  "item": {"$ref": "#/components/schemas/Item"},
                  "conflictCopy": {"$ref": "#/components/schemas/Item"}
                }
              },
              "ChangeBatch": {
                "type": "object",
                "required": ["updated", "deleted", "cursor", "moreComing"],
                "properties": {
                  "updated": {"type": "array", "items": {"$ref": "#/components/schemas/Item"}},
                  "deleted": {"type": "array", "items": {"type": "string"}},
                  "cursor": {"type": "string"},
                  "moreComing": {"type": "boolean"}
                }
              },
              "ListingPage": {
                "type": "object",
                "required": ["items"],
                "properties": {
                  "items": {"type": "array", "items": {"$ref": "#/components/schemas/Item"}},
                  "next": {"type": "string"}
                }
              },
              "UploadReceipt": {
                "type": "object",
                "required": ["upload", "size"],
                "properties": {
                  "upload": {"type": "string"},
                  "size": {"type": "integer", "format": "int64"}
                }
              },
              "QuotaRequest": {
                "type": "object",
                "properties": {
                  "remainingBytes": {"type": "integer", "format": "int64", "minimum": 0, "nullable": true}
                }
              },
              "QuotaStatus": {
                "type": "object",
                "required": ["storedBytes"],
                "properties": {
                  "limit": {"type": "integer", "format": "int64"},
                  "storedBytes": {"type": "integer", "format": "int64"}
                }
              }
            },
            "responses": {
              "Error400": {
                "description": "The request is malformed (invalidRequest, invalidName, invalidMove, noSuchUpload).",
                "content": {
                  "application/json": {"schema": {"$ref": "#/components/schemas/Error"}}
                }
              },
              "Error401": {
                "description": "No valid bearer token (notAuthenticated).",
                "content": {
                  "application/json": {"schema": {"$ref": "#/components/schemas/Error"}}
                }
              },
              "Error403": {
                "description": "The root and the trash cannot be changed (reservedItem).",
                "content": {
                  "application/json": {"schema": {"$ref": "#/components/schemas/Error"}}
                }
              },
              "Error404": {
                "description": "No such item (noSuchItem), or the folder is not one.",
                "content": {
                  "application/json": {"schema": {"$ref": "#/components/schemas/Error"}}
                }
              },
              "Error409": {
                "description": "A sibling has the name (nameCollision), or the folder is not empty (directoryNotEmpty).",
                "content": {
                  "application/json": {"schema": {"$ref": "#/components/schemas/Error"}}
                }
              },
              "Error410": {
                "description": "The cursor cannot be continued from (cursorExpired), or the version is no longer kept (versionGone).",
                "content": {
                  "application/json": {"schema": {"$ref": "#/components/schemas/Error"}}
                }
              },
              "Error412": {
                "description": "If-Match names another version (versionMismatch); the body carries the current item.",
                "content": {
                  "application/json": {"schema": {"$ref": "#/components/schemas/Error"}}
                }
              },
              "Error413": {
                "description": "The JSON body is larger than the server reads (payloadTooLarge).",
                "content": {
                  "application/json": {"schema": {"$ref": "#/components/schemas/Error"}}
                }
              },
              "Error416": {
                "description": "The range is not satisfiable (rangeNotSatisfiable); Content-Range: bytes */SIZE.",
                "content": {
                  "application/json": {"schema": {"$ref": "#/components/schemas/Error"}}
                }
              },
              "Error428": {
                "description": "The change has no If-Match (preconditionRequired).",
                "content": {
                  "application/json": {"schema": {"$ref": "#/components/schemas/Error"}}
                }
              },
              "Error503": {
                "description": "The server is shutting down or cannot read its database (unavailable).",
                "content": {
                  "application/json": {"schema": {"$ref": "#/components/schemas/Error"}}
                }
              },
              "Error507": {
                "description": "The change would exceed the quota (quotaExceeded).",
                "content": {
                  "application/json": {"schema": {"$ref": "#/components/schemas/Error"}}
                }
              }
            },
            "links": {
              "GetItem": {
                "operationId": "getItem",
                "parameters": {
                  "id": "$response.body#/id"
                }
              },
              "GetContent": {
                "operationId": "getContent",
                "parameters": {
                  "id": "$response.body#/id"
                }
              },
              "ListChildren": {
                "operationId": "listChildren",
                "parameters": {
                  "id": "$response.body#/id"
                }
              },
              "ModifyItem": {
                "operationId": "modifyItem",
                "parameters": {
                  "id": "$response.body#/id",
                  "If-Match": "$response.header.ETag"
                }
              },
              "DeleteItem": {
                "operationId": "deleteItem",
                "parameters": {
                  "id": "$response.body#/id",
                  "If-Match": "$response.header.ETag"
                }
              }
            },
            "parameters": {
              "Id": {
                "name": "id",
                "in": "path",
                "required": true,
                "description": "An item identifier: root, trash or one the server assigned.",
                "schema": {
                  "type": "string",
                  "minLength": 1
                }
              },
              "Limit": {
                "name": "limit",
                "in": "query",
                "description": "Items per page or batch, 1 to 1000 (default 200).",
                "schema": {
                  "type": "integer",
                  "minimum": 1,
                  "maximum": 1000
                }
              },
              "Cursor": {
                "name": "cursor",
                "in": "query",
                "description": "Where to continue, from the previous page.",
                "schema": {
                  "type": "string"
                }
              },
              "IfMatch": {
                "name": "If-Match",
                "in": "header",
                "description": "The entity tag the change is based on; without it the answer is 428.",
                "schema": {
                  "type": "string"
                }
              },
              "RequiredCursor": {
                "name": "cursor",
                "in": "query",
                "description": "Where to continue, from the previous page.",
                "schema": {
                  "type": "string"
                },
                "required": true
              }
            }
          },
          "paths": {
            "/openapi.json": {
              "get": {
                "operationId": "getOpenAPIDocument",
                "summary": "This document.",
                "security": [],
                "responses": {
                  "200": {"description": "The OpenAPI document.", "content": {"application/json": {"schema": {"type": "object"}}}}
                }
              }
            },
            "/metrics": {
              "get": {
                "operationId": "getMetrics",
                "summary": "The server's series in Prometheus' text format: requests by route template and status, latency, the store's sequence, open long polls, upload bytes. Exists only when the server has a metrics secret.",
                "security": [{"metricsSecret": []}],
                "responses": {
                  "200": {"description": "The series.", "content": {"text/plain": {"schema": {"type": "string"}}}},
                  "401": {"$ref": "#/components/responses/Error401"},
                  "503": {"$ref": "#/components/responses/Error503"}
                }
              }
            },
            "/v1/health": {
              "get": {
                "operationId": "getHealth",
                "summary": "Liveness, without a token; tells nothing about the store.",
                "security": [],
                "responses": {
                  "200": {"description": "The server reads its database.", "content": {"application/json": {"schema": {"$ref": "#/components/schemas/HealthStatus"}}}},
                  "503": {"$ref": "#/components/responses/Error503"}
                }
              }
            },
            "/v1/tokens": {
              "post": {
                "operationId": "issueToken",
                "summary": "A bearer token for an account.",
                "security": [],
                "requestBody": {
                  "required": true,
                  "content": {"application/json": {"schema": {"$ref": "#/components/schemas/TokenRequest"}}}
                },
                "responses": {
                  "201": {"description": "The token.", "content": {"application/json": {"schema": {"$ref": "#/components/schemas/TokenGrant"}}}},
                  "400": {"$ref": "#/components/responses/Error400"},
                  "401": {"$ref": "#/components/responses/Error401"},
                  "413": {"$ref": "#/components/responses/Error413"}
                }
              }
            },
            "/v1/state": {
              "get": {
                "operationId": "getState",
                "summary": "The store's epoch, sequence and current change-feed cursor.",
                "responses": {
                  "200": {"description": "The state.", "content": {"application/json": {"schema": {"$ref": "#/components/schemas/ServerState"}}}, "links": {"Changes": {"operationId": "getChanges", "parameters": {"cursor": "$response.body#/cursor"}}}},
                  "401": {"$ref": "#/components/responses/Error401"}
                }
              }
            },
            "/v1/changes/wait": {
              "get": {
                "operationId": "waitForChanges",
                "summary": "Long poll: answers once the sequence passes `after`, or after `timeout` seconds.",
                "parameters": [{"name": "after", "in": "query", "required": true, "schema": {"type": "integer", "format": "int64"}}, {"name": "timeout", "in": "query", "description": "1 to 60 seconds (default 30).", "schema": {"type": "integer", "minimum": 1, "maximum": 60}}],
                "responses": {
                  "200": {"description": "The state.", "content": {"application/json": {"schema": {"$ref": "#/components/schemas/ServerState"}}}},
                  "400": {"$ref": "#/components/responses/Error400"},
                  "401": {"$ref": "#/components/responses/Error401"}
                }
              }
            },
            "/v1/changes": {
              "get": {
                "operationId": "getChanges",
                "summary": "One batch of the account's change feed after `cursor`.",
                "parameters": [{"$ref": "#/components/parameters/RequiredCursor"}, {"$ref": "#/components/parameters/Limit"}],
                "responses": {
                  "200": {"description": "The batch.", "content": {"application/json": {"schema": {"$ref": "#/components/schemas/ChangeBatch"}}}},
                  "400": {"$ref": "#/components/responses/Error400"},
                  "401": {"$ref": "#/components/responses/Error401"},
                  "410": {"$ref": "#/components/responses/Error410"}
                }
              }
            },
            "/v1/items": {
              "get": {
                "operationId": "listAllItems",
                "summary": "Every item of the account, by identifier, a page at a time.",
                "parameters": [{"$ref": "#/components/parameters/Cursor"}, {"$ref": "#/components/parameters/Limit"}],
                "responses": {
                  "200": {"description": "The page.", "content": {"application/json": {"schema": {"$ref": "#/components/schemas/ListingPage"}}}},
                  "400": {"$ref": "#/components/responses/Error400"},
                  "401": {"$ref": "#/components/responses/Error401"},
                  "410": {"$ref": "#/components/responses/Error410"}
                }
              },
              "post": {
                "operationId": "createItem",
                "summary": "Creates an item (a file's content uploaded first).",
                "requestBody": {
                  "required": true,
                  "content": {"application/json": {"schema": {"$ref": "#/components/schemas/CreateItemRequest"}}}
                },
                "responses": {
                  "200": {"description": "A matching sibling existed (mayAlreadyExist).", "content": {"application/json": {"schema": {"$ref": "#/components/schemas/Item"}}}, "headers": {"ETag": {"description": "The item's entity tag, \"<contentVersion>.<metadataVersion>\".", "schema": {"type": "string"}}}, "links": {"GetItem": {"$ref": "#/components/links/GetItem"}, "GetContent": {"$ref": "#/components/links/GetContent"}, "ListChildren": {"$ref": "#/components/links/ListChildren"}, "ModifyItem": {"$ref": "#/components/links/ModifyItem"}, "DeleteItem": {"$ref": "#/components/links/DeleteItem"}}},
                  "201": {"description": "Created.", "content": {"application/json": {"schema": {"$ref": "#/components/schemas/Item"}}}, "headers": {"ETag": {"description": "The item's entity tag, \"<contentVersion>.<metadataVersion>\".", "schema": {"type": "string"}}}, "links": {"GetItem": {"$ref": "#/components/links/GetItem"}, "GetContent": {"$ref": "#/components/links/GetContent"}, "ListChildren": {"$ref": "#/components/links/ListChildren"}, "ModifyItem": {"$ref": "#/components/links/ModifyItem"}, "DeleteItem": {"$ref": "#/components/links/DeleteItem"}}},
                  "400": {"$ref": "#/components/responses/Error400"},
                  "401": {"$ref": "#/components/responses/Error401"},
                  "404": {"$ref": "#/components/responses/Error404"},
                  "409": {"$ref": "#/components/responses/Error409"},
                  "413": {"$ref": "#/components/responses/Error413"},
                  "507": {"$ref": "#/components/responses/Error507"}
                }
              }
            },
            "/v1/folders/{id}/children": {
              "get": {
                "operationId": "listChildren",
                "summary": "A page of a folder's children.",
                "parameters": [{"$ref": "#/components/parameters/Id"}, {"name": "order", "in": "query", "schema": {"type": "string", "enum": ["name", "date"]}}, {"$ref": "#/components/parameters/Cursor"}, {"$ref": "#/components/parameters/Limit"}],
                "responses": {
                  "200": {"description": "The page.", "content": {"application/json": {"schema": {"$ref": "#/components/schemas/ListingPage"}}}},
                  "400": {"$ref": "#/components/responses/Error400"},
                  "401": {"$ref": "#/components/responses/Error401"},
                  "404": {"$ref": "#/components/responses/Error404"},
                  "410": {"$ref": "#/components/responses/Error410"}
                }
              }
            },
            "/v1/items/{id}": {
              "get": {
                "operationId": "getItem",
                "summary": "An item.",
                "parameters": [{"$ref": "#/components/parameters/Id"}],
                "responses": {
                  "200": {"description": "The item.", "content": {"application/json": {"schema": {"$ref": "#/components/schemas/Item"}}}, "headers": {"ETag": {"description": "The item's entity tag, \"<contentVersion>.<metadataVersion>\".", "schema": {"type": "string"}}}},
                  "400": {"$ref": "#/components/responses/Error400"},
                  "401": {"$ref": "#/components/responses/Error401"},
                  "404": {"$ref": "#/components/responses/Error404"}
                }
              },
              "patch": {
                "operationId": "modifyItem",
                "summary": "Changes the fields listed in `fields`.",
                "parameters": [{"$ref": "#/components/parameters/Id"}, {"$ref": "#/components/parameters/IfMatch"}],
                "requestBody": {
                  "required": true,
                  "content": {"application/json": {"schema": {"$ref": "#/components/schemas/ModifyItemRequest"}}}
                },
                "responses": {
                  "200": {"description": "Changed.", "content": {"application/json": {"schema": {"$ref": "#/components/schemas/ModifyItemResponse"}}}, "headers": {"ETag": {"description": "The item's entity tag, \"<contentVersion>.<metadataVersion>\".", "schema": {"type": "string"}}}},
                  "400": {"$ref": "#/components/responses/Error400"},
                  "401": {"$ref": "#/components/responses/Error401"},
                  "403": {"$ref": "#/components/responses/Error403"},
                  "404": {"$ref": "#/components/responses/Error404"},
                  "409": {"$ref": "#/components/responses/Error409"},
                  "412": {"$ref": "#/components/responses/Error412"},
                  "413": {"$ref": "#/components/responses/Error413"},
                  "428": {"$ref": "#/components/responses/Error428"},
                  "507": {"$ref": "#/components/responses/Error507"}
                }
              },
              "delete": {
                "operationId": "deleteItem",
                "summary": "Deletes an item (its descendants with recursive=true); an unknown identifier succeeds.",
                "parameters": [{"$ref": "#/components/parameters/Id"}, {"$ref": "#/components/parameters/IfMatch"}, {"name": "recursive", "in": "query", "schema": {"type": "string", "enum": ["true", "false"]}}],
                "responses": {
                  "204": {"description": "Deleted."},
                  "400": {"$ref": "#/components/responses/Error400"},
                  "401": {"$ref": "#/components/responses/Error401"},
                  "403": {"$ref": "#/components/responses/Error403"},
                  "409": {"$ref": "#/components/responses/Error409"},
                  "412": {"$ref": "#/components/responses/Error412"},
                  "428": {"$ref": "#/components/responses/Error428"},
                  "507": {"$ref": "#/components/responses/Error507"}
                }
              }
            },
            "/v1/items/{id}/content": {
              "get": {
                "operationId": "getContent",
                "summary": "A file's content, whole or one byte range (RFC 9110 §14).",
                "parameters": [{"$ref": "#/components/parameters/Id"}, {"name": "version", "in": "query", "schema": {"type": "integer", "format": "int64"}}, {"name": "Range", "in": "header", "description": "bytes=a-b, bytes=a- or bytes=-n; other forms are ignored.", "schema": {"type": "string"}}],
                "responses": {
                  "200": {"description": "The content.", "headers": {"ETag": {"description": "The item's entity tag, \"<contentVersion>.<metadataVersion>\".", "schema": {"type": "string"}}}, "content": {"application/octet-stream": {"schema": {"type": "string", "format": "binary"}}}},
                  "206": {"description": "The range.", "headers": {"ETag": {"description": "The item's entity tag, \"<contentVersion>.<metadataVersion>\".", "schema": {"type": "string"}}, "Content-Range": {"schema": {"type": "string"}}}, "content": {"application/octet-stream": {"schema": {"type": "string", "format": "binary"}}}},
                  "400": {"$ref": "#/components/responses/Error400"},
                  "401": {"$ref": "#/components/responses/Error401"},
                  "404": {"$ref": "#/components/responses/Error404"},
                  "410": {"$ref": "#/components/responses/Error410"},
                  "416": {"$ref": "#/components/responses/Error416"}
                }
              }
            },
            "/v1/uploads": {
              "post": {
                "operationId": "upload",
                "summary": "Stores content for a later creation or modification; unused uploads expire after an hour.",
                "requestBody": {
                  "required": false,
                  "description": "The bytes; none for empty content.",
                  "content": {"application/octet-stream": {"schema": {"type": "string", "format": "binary"}}}
                },
                "responses": {
                  "201": {"description": "Stored.", "content": {"application/json": {"schema": {"$ref": "#/components/schemas/UploadReceipt"}}}, "links": {"DiscardUpload": {"operationId": "discardUpload", "parameters": {"upload": "$response.body#/upload"}}}},
                  "400": {"$ref": "#/components/responses/Error400"},
                  "401": {"$ref": "#/components/responses/Error401"},
                  "507": {"$ref": "#/components/responses/Error507"}
                }
              }
            },
            "/v1/uploads/{upload}": {
              "delete": {
                "operationId": "discardUpload",
                "summary": "Discards an upload no change used, releasing its quota.",
                "parameters": [{"name": "upload", "in": "path", "required": true, "schema": {"type": "string", "minLength": 1}}],
                "responses": {
                  "204": {"description": "Discarded."},
                  "400": {"$ref": "#/components/responses/Error400"},
                  "401": {"$ref": "#/components/responses/Error401"}
                }
              }
            },
            "/v1/admin/reset-epoch": {
              "post": {
                "operationId": "resetEpoch",
                "summary": "Gives the store a new epoch, as a restore from backup: every page and change-feed cursor expires; items stay. Exists only when the server has an admin secret.",
                "security": [{"adminSecret": []}],
                "responses": {
                  "204": {"description": "Reset."},
                  "401": {"$ref": "#/components/responses/Error401"}
                }
              }
            },
            "/v1/admin/expire-history": {
              "post": {
                "operationId": "expireHistory",
                "summary": "Forgets the deletions recorded so far: older change-feed cursors expire. Exists only when the server has an admin secret.",
                "security": [{"adminSecret": []}],
                "responses": {
                  "204": {"description": "Expired."},
                  "401": {"$ref": "#/components/responses/Error401"}
                }
              }
            },
            "/v1/admin/quota": {
              "post": {
                "operationId": "setQuota",
                "summary": "Leaves the store room for remainingBytes more bytes than it holds (older content versions counted as free), or with null restores the quota the server was started with. Exists only when the server has an admin secret.",
                "security": [{"adminSecret": []}],
                "requestBody": {
                  "required": true,
                  "content": {"application/json": {"schema": {"$ref": "#/components/schemas/QuotaRequest"}}}
                },
                "responses": {
                  "200": {"description": "The limit in force.", "content": {"application/json": {"schema": {"$ref": "#/components/schemas/QuotaStatus"}}}},
                  "400": {"$ref": "#/components/responses/Error400"},
                  "401": {"$ref": "#/components/responses/Error401"},
                  "413": {"$ref": "#/components/responses/Error413"}
                }
              }
            },
            "/v1/admin/accounts/{account}/revoke": {
              "post": {
                "operationId": "revokeCredentials",
                "summary": "Revokes an account's credentials: its tokens and its secret are refused with 401 until restored; its items stay. Exists only when the server has an admin secret.",
                "security": [{"adminSecret": []}],
                "parameters": [{"name": "account", "in": "path", "required": true, "schema": {"type": "string", "minLength": 1}}],
                "responses": {
                  "204": {"description": "Revoked."},
                  "400": {"$ref": "#/components/responses/Error400"},
                  "401": {"$ref": "#/components/responses/Error401"}
                }
              }
            },
            "/v1/admin/accounts/{account}/restore": {
              "post": {
                "operationId": "restoreCredentials",
                "summary": "Accepts a revoked account's secret again; its clients take new tokens. Exists only when the server has an admin secret.",
                "security": [{"adminSecret": []}],
                "parameters": [{"name": "account", "in": "path", "required": true, "schema": {"type": "string", "minLength": 1}}],
                "responses": {
                  "204": {"description": "Restored."},
                  "400": {"$ref": "#/components/responses/Error400"},
                  "401": {"$ref": "#/components/responses/Error401"}
                }
              }
            }
          }
        }
        """#
}
