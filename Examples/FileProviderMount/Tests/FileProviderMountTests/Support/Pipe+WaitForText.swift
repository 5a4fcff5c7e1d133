import Foundation

extension Pipe {
    /// Reads the pipe until its output contains `text` or it closes, for at most `seconds`.
    ///
    /// - Returns: whether `text` arrived in time.
    func waitForText(_ text: String, seconds: Double) -> Bool {
        let arrived = DispatchSemaphore(value: 0)
        let reader = fileHandleForReading
        let thread = Thread {
            var received = Data()
            while !String(decoding: received, as: UTF8.self).contains(text) {
                let chunk = reader.availableData
                if chunk.isEmpty { return }
                received += chunk
            }
            arrived.signal()
        }
        thread.start()
        return arrived.wait(timeout: .now() + seconds) == .success
    }
}
