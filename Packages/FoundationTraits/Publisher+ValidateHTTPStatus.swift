#if REACTIVECORE_IS_COMBINE
// On a foreign Combine (Apple's; OpenCombine in AppleSwitch), Foundation's own.
public import Foundation
public import ReactiveCore
#if canImport(FoundationNetworking)
public import FoundationNetworking
#endif
#else
public import ReactiveCoreFoundation
#endif

extension Publisher where Output == (data: Data, response: URLResponse) {
  /// Fails when the HTTP status of the response is outside `acceptedStatusCodes`.
  ///
  /// A data task succeeds whenever the server answers, whatever the status
  /// (as in Combine): a 404 or a 500 is a value. This operator turns such an
  /// answer into a failure that carries the status, the response and the
  /// body, and passes accepted answers on unchanged.
  ///
  /// ```swift
  /// let profile = URLSession.shared.dataTaskPublisher(for: url)
  ///   .validateHTTPStatus()          // Failure == HTTPRequestError<URLError>
  ///   .map(\.data)
  ///   .decode(type: Profile.self, decoder: JSONDecoder())
  /// ```
  ///
  /// ```text
  /// upstream  ----a|        ----b|       ---x
  /// result    ----a|        ----y        ---z      a: 200, b: 404
  ///                                                y = .status(404), z = .upstream(x)
  /// ```
  ///
  /// The failure is an ``HTTPRequestError``: `.upstream` wraps the failure
  /// of the data task (a `URLError`: no answer at all), `.status` an answer
  /// with a refused status (an ``HTTPStatusError``). A response that is not
  /// an `HTTPURLResponse` (a `file:` or `data:` URL) has no status, and
  /// passes unchanged.
  ///
  /// It keeps the traits of the upstream: the result is made of `mapError`
  /// and `tryMap`, which are single (and maybe) publishers when their
  /// upstream is, so a data task stays a single publisher.
  ///
  /// - Parameter acceptedStatusCodes: The statuses that pass; others fail.
  /// - Returns: A publisher of the accepted answers.
  public func validateHTTPStatus(
    _ acceptedStatusCodes: Range<Int> = 200..<300
  ) -> Publishers.ValidateHTTPStatus<Self> {
    mapError { HTTPRequestError.upstream($0) }
      .tryMap { output in
        if let response = output.response as? HTTPURLResponse, !acceptedStatusCodes.contains(response.statusCode) {
          throw HTTPRequestError<Failure>.status(
            HTTPStatusError(response: response, data: output.data, acceptedStatusCodes: acceptedStatusCodes)
          )
        }
        return output
      }
      .mapError { error in
        // Every error here is one: the upstream's are wrapped above, and the
        // closure throws nothing else.
        error as! HTTPRequestError<Failure>
      }
  }

  /// Fails when the HTTP status of the response is outside `acceptedStatusCodes`.
  ///
  /// ```swift
  /// let found = URLSession.shared.dataTaskPublisher(for: url).validateHTTPStatus(200...299)
  /// ```
  ///
  /// See `validateHTTPStatus(_:)`.
  ///
  /// - Parameter acceptedStatusCodes: The statuses that pass; others fail.
  /// - Returns: A publisher of the accepted answers.
  public func validateHTTPStatus(_ acceptedStatusCodes: ClosedRange<Int>) -> Publishers.ValidateHTTPStatus<Self> {
    validateHTTPStatus(Range(acceptedStatusCodes))
  }
}

extension Publishers {
  /// The publisher of `validateHTTPStatus(_:)`: a chain of
  /// `mapError` and `tryMap`, whose traits are those of `Upstream` (single
  /// when it is single, maybe when it is maybe).
  public typealias ValidateHTTPStatus<Upstream: Publisher> = MapError<
    TryMap<MapError<Upstream, HTTPRequestError<Upstream.Failure>>, Upstream.Output>,
    HTTPRequestError<Upstream.Failure>
  >
}

/// Why a request validated by `validateHTTPStatus(_:)` failed: the request
/// itself failed, or the server answered with a status that is not accepted.
///
/// ```swift
/// switch error {
/// case let .upstream(urlError):  // no answer: offline, timed out, cancelled…
///   print(urlError.code)
/// case let .status(statusError):  // an answer, refused
///   print(statusError.statusCode, String(decoding: statusError.data, as: UTF8.self))
/// }
/// ```
///
/// The failure stays typed: for a data task, `UpstreamFailure` is
/// `URLError`, so `HTTPRequestError<URLError>` says exactly what can happen.
/// A service whose failure is `any Error` erases it with
/// `mapError { $0 as any Error }`.
public enum HTTPRequestError<UpstreamFailure: Error>: Error {
  /// The upstream failed: for a data task, a `URLError` (no answer).
  case upstream(UpstreamFailure)
  /// The server answered with a status outside the accepted ones.
  case status(HTTPStatusError)
}

extension HTTPRequestError: CustomStringConvertible {
  /// The upstream failure, or the status error, as their descriptions say it.
  public var description: String {
    switch self {
    case let .upstream(error):
      "\(error)"
    case let .status(error):
      error.description
    }
  }
}

extension HTTPRequestError: Sendable where UpstreamFailure: Sendable {}

/// An HTTP answer whose status was not accepted by `validateHTTPStatus(_:)`:
/// the status, the response and the body, as the server sent them.
///
/// ```swift
/// // HTTP status 404 (Not Found) is not in 200..<300, for http://127.0.0.1:8080/missing
/// print(statusError)
/// ```
public struct HTTPStatusError: Error, Sendable, CustomStringConvertible {
  /// The HTTP status code of the response, such as 404.
  public var statusCode: Int { response.statusCode }

  /// The response, with its status, headers and URL.
  public let response: HTTPURLResponse

  /// The body of the response: often the server's explanation.
  public let data: Data

  /// The statuses that would have been accepted.
  public let acceptedStatusCodes: Range<Int>

  /// Creates the error for a response whose status is not accepted.
  ///
  /// - Parameters:
  ///   - response: The response.
  ///   - data: The body of the response.
  ///   - acceptedStatusCodes: The statuses that would have been accepted.
  public init(response: HTTPURLResponse, data: Data, acceptedStatusCodes: Range<Int>) {
    self.response = response
    self.data = data
    self.acceptedStatusCodes = acceptedStatusCodes
  }

  /// One line with the status, its meaning, the accepted range and the URL:
  /// `HTTP status 404 (Not Found) is not in 200..<300, for http://127.0.0.1:8080/missing`.
  public var description: String {
    let meaning = HTTPURLResponse.localizedString(forStatusCode: statusCode)
    let url = response.url.map { ", for \($0.absoluteString)" } ?? ""
    return "HTTP status \(statusCode) (\(meaning)) is not in \(acceptedStatusCodes)\(url)"
  }
}
