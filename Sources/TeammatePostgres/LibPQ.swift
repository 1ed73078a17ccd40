import CLibPQ
import Foundation

/// libpq, loaded when a server is first used rather than linked: a tool that never talks to
/// a server starts as fast as it did without one (libpq brings a score of libraries with it).
struct LibPQ: @unchecked Sendable {
  typealias Connect = @convention(c) (UnsafePointer<CChar>?) -> OpaquePointer?
  typealias Status = @convention(c) (OpaquePointer?) -> ConnStatusType
  typealias ConnectionText = @convention(c) (OpaquePointer?) -> UnsafeMutablePointer<CChar>?
  typealias Finish = @convention(c) (OpaquePointer?) -> Void
  typealias Notices =
    @convention(c) (OpaquePointer?, PQnoticeProcessor?, UnsafeMutableRawPointer?)
    -> PQnoticeProcessor?
  typealias ResultStatus = @convention(c) (OpaquePointer?) -> ExecStatusType
  typealias ErrorField = @convention(c) (OpaquePointer?, Int32) -> UnsafeMutablePointer<CChar>?
  typealias ResultText = @convention(c) (OpaquePointer?) -> UnsafeMutablePointer<CChar>?
  typealias Clear = @convention(c) (OpaquePointer?) -> Void
  typealias Count = @convention(c) (OpaquePointer?) -> Int32
  typealias Value = @convention(c) (OpaquePointer?, Int32, Int32) -> UnsafeMutablePointer<CChar>?
  typealias IsNull = @convention(c) (OpaquePointer?, Int32, Int32) -> Int32
  typealias ColumnNumber = @convention(c) (OpaquePointer?, UnsafePointer<CChar>?) -> Int32
  typealias ConsumeInput = @convention(c) (OpaquePointer?) -> Int32
  typealias Notifies = @convention(c) (OpaquePointer?) -> UnsafeMutablePointer<PGnotify>?
  typealias Socket = @convention(c) (OpaquePointer?) -> Int32
  typealias FreeMemory = @convention(c) (UnsafeMutableRawPointer?) -> Void
  typealias SendQuery = @convention(c) (OpaquePointer?, UnsafePointer<CChar>?) -> Int32
  typealias SendPrepare =
    @convention(c) (
      OpaquePointer?, UnsafePointer<CChar>?, UnsafePointer<CChar>?, Int32, UnsafePointer<Oid>?
    ) -> Int32
  typealias SendQueryPrepared =
    @convention(c) (
      OpaquePointer?, UnsafePointer<CChar>?, Int32, UnsafePointer<UnsafePointer<CChar>?>?,
      UnsafePointer<Int32>?, UnsafePointer<Int32>?, Int32
    ) -> Int32
  typealias SendQueryParams =
    @convention(c) (
      OpaquePointer?, UnsafePointer<CChar>?, Int32, UnsafePointer<Oid>?,
      UnsafePointer<UnsafePointer<CChar>?>?, UnsafePointer<Int32>?, UnsafePointer<Int32>?, Int32
    ) -> Int32
  typealias IsBusy = @convention(c) (OpaquePointer?) -> Int32
  typealias Pipeline = @convention(c) (OpaquePointer?) -> Int32
  typealias GetResult = @convention(c) (OpaquePointer?) -> OpaquePointer?
  typealias EncryptPassword =
    @convention(c) (
      OpaquePointer?, UnsafePointer<CChar>?, UnsafePointer<CChar>?, UnsafePointer<CChar>?
    ) -> UnsafeMutablePointer<CChar>?

  let connectdb: Connect
  let status: Status
  let errorMessage: ConnectionText
  let finish: Finish
  let setNoticeProcessor: Notices
  let resultStatus: ResultStatus
  let resultErrorField: ErrorField
  let resultErrorMessage: ResultText
  let clear: Clear
  let ntuples: Count
  let getvalue: Value
  let getisnull: IsNull
  let fnumber: ColumnNumber
  let consumeInput: ConsumeInput
  let notifies: Notifies
  let socket: Socket
  let freemem: FreeMemory
  let sendQuery: SendQuery
  let sendPrepare: SendPrepare
  let sendQueryPrepared: SendQueryPrepared
  let sendQueryParams: SendQueryParams
  let isBusy: IsBusy
  let enterPipelineMode: Pipeline
  let exitPipelineMode: Pipeline
  let pipelineSync: Pipeline
  let getResult: GetResult
  let encryptPasswordConn: EncryptPassword

  /// A C string libpq returned, as text ("" for none).
  static func text(_ pointer: UnsafeMutablePointer<CChar>?) -> String {
    pointer.map { String(cString: $0) } ?? ""
  }

  /// The library, or why it could not be loaded.
  static let shared: Result<LibPQ, PostgresError> = load()

  private static func load() -> Result<LibPQ, PostgresError> {
    var loaded: UnsafeMutableRawPointer?
    for name in ["libpq.so.5", "libpq.so", "libpq.5.dylib", "libpq.dylib"] where loaded == nil {
      loaded = dlopen(name, RTLD_NOW | RTLD_LOCAL)
    }
    guard let library = loaded else {
      return .failure(
        PostgresError.client("libpq cannot be loaded: install it (apt-get install libpq5)"))
    }
    func symbol<T>(_ name: String, _: T.Type) throws(PostgresError) -> T {
      guard let address = dlsym(library, name) else {
        throw PostgresError.client("libpq has no \(name)")
      }
      return unsafeBitCast(address, to: T.self)
    }
    do {
      return .success(
        LibPQ(
          connectdb: try symbol("PQconnectdb", Connect.self),
          status: try symbol("PQstatus", Status.self),
          errorMessage: try symbol("PQerrorMessage", ConnectionText.self),
          finish: try symbol("PQfinish", Finish.self),
          setNoticeProcessor: try symbol("PQsetNoticeProcessor", Notices.self),
          resultStatus: try symbol("PQresultStatus", ResultStatus.self),
          resultErrorField: try symbol("PQresultErrorField", ErrorField.self),
          resultErrorMessage: try symbol("PQresultErrorMessage", ResultText.self),
          clear: try symbol("PQclear", Clear.self),
          ntuples: try symbol("PQntuples", Count.self),
          getvalue: try symbol("PQgetvalue", Value.self),
          getisnull: try symbol("PQgetisnull", IsNull.self),
          fnumber: try symbol("PQfnumber", ColumnNumber.self),
          consumeInput: try symbol("PQconsumeInput", ConsumeInput.self),
          notifies: try symbol("PQnotifies", Notifies.self),
          socket: try symbol("PQsocket", Socket.self),
          freemem: try symbol("PQfreemem", FreeMemory.self),
          sendQuery: try symbol("PQsendQuery", SendQuery.self),
          sendPrepare: try symbol("PQsendPrepare", SendPrepare.self),
          sendQueryPrepared: try symbol("PQsendQueryPrepared", SendQueryPrepared.self),
          sendQueryParams: try symbol("PQsendQueryParams", SendQueryParams.self),
          isBusy: try symbol("PQisBusy", IsBusy.self),
          enterPipelineMode: try symbol("PQenterPipelineMode", Pipeline.self),
          exitPipelineMode: try symbol("PQexitPipelineMode", Pipeline.self),
          pipelineSync: try symbol("PQpipelineSync", Pipeline.self),
          getResult: try symbol("PQgetResult", GetResult.self),
          encryptPasswordConn: try symbol("PQencryptPasswordConn", EncryptPassword.self)))
    } catch {
      return .failure(error)
    }
  }
}
