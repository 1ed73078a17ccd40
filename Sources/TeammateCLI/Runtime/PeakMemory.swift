import Foundation

/// The most memory this process has held, in MiB, as Linux reports it (`VmHWM`), or nil
/// where `/proc` does not say.
///
/// NB: not `getrusage`, whose figure for a freshly started process can include the memory
/// of the parent that spawned it.
enum PeakMemory {
  static var mebibytes: Double? {
    guard let status = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8),
      let line = status.split(separator: "\n").first(where: { $0.hasPrefix("VmHWM:") }),
      let kibibytes = Double(line.split(separator: " ").dropFirst().first ?? "")
    else { return nil }
    return kibibytes / 1_024
  }
}
