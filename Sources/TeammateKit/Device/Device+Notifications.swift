/// What the device's notification centre holds, asked through the device, as an app's
/// screen or the command line asks for anything else the device keeps.
extension Device {
  /// The notifications still to come, soonest first; or, `shown`, those the centre has
  /// already shown, oldest first (none from a centre that cannot say). Reads the centre,
  /// which is where a phone's notifications live; the device's state is left as it was.
  public func notifications(shown: Bool = false) async throws -> [PlannedNotification] {
    try await shown ? scheduler.shown() : scheduler.pending()
  }
}
