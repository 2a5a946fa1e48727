import Foundation
import ReduxTesting

/// What the server answered a login or a second factor: the session's token, and whether a second
/// factor is still required.
public struct AuthenticationResponse: Equatable, Sendable {
    /// The token of the session (an intermediate one while a second factor is required).
    public var token: String
    /// Whether the user must still enter a second factor.
    public var twoFactorRequired: Bool

    /// A response.
    public init(token: String, twoFactorRequired: Bool) {
        self.token = token
        self.twoFactorRequired = twoFactorRequired
    }
}

/// Why the server refused.
public enum AuthenticationError: Equatable, LocalizedError, Sendable {
    case invalidUserPassword
    case invalidTwoFactor
    case invalidIntermediateToken

    /// What the alert says.
    public var errorDescription: String? {
        switch self {
        case .invalidUserPassword: "Unknown user or invalid password."
        case .invalidTwoFactor: "Invalid second factor (try 1234)"
        case .invalidIntermediateToken: "404!! What happened to your token there bud?!?!"
        }
    }
}

/// The server, as the login and two-factor features call it: two endpoints, each a closure a test
/// replaces in one line.
public struct AuthenticationClient: Sendable {
    /// Logs in with an email and a password.
    public var login: @Sendable (_ email: String, _ password: String) async throws -> AuthenticationResponse
    /// Sends the second factor for an intermediate token.
    public var twoFactor: @Sendable (_ code: String, _ token: String) async throws -> AuthenticationResponse

    /// A client.
    public init(
        login: @escaping @Sendable (_ email: String, _ password: String) async throws -> AuthenticationResponse,
        twoFactor: @escaping @Sendable (_ code: String, _ token: String) async throws -> AuthenticationResponse
    ) {
        self.login = login
        self.twoFactor = twoFactor
    }

    /// Every endpoint fails the test that calls it, naming it (upstream's `testValue`): a test sets
    /// the ones it expects.
    public static let unimplemented = AuthenticationClient(
        login: ReduxTesting.unimplemented("AuthenticationClient.login"),
        twoFactor: ReduxTesting.unimplemented("AuthenticationClient.twoFactor"))

    /// A stand-in server: any email with an `@` and the password `password`; an email containing
    /// `2fa` then asks for the code `1234`. Each answer takes a second.
    public static let live = AuthenticationClient(
        login: { email, password in
            guard email.contains("@"), password == "password" else { throw AuthenticationError.invalidUserPassword }
            try await Task.sleep(for: .seconds(1))
            return AuthenticationResponse(token: "deadbeef", twoFactorRequired: email.contains("2fa"))
        },
        twoFactor: { code, token in
            guard token == "deadbeef" else { throw AuthenticationError.invalidIntermediateToken }
            guard code == "1234" else { throw AuthenticationError.invalidTwoFactor }
            try await Task.sleep(for: .seconds(1))
            return AuthenticationResponse(token: "deadbeefdeadbeef", twoFactorRequired: false)
        })
}

extension Result where Failure == any Error {
    /// The outcome of `body`: what it returned, or what it threw. Runs on the caller's actor.
    public init(
        isolation: isolated (any Actor)? = #isolation, awaiting body: () async throws -> Success
    ) async {
        do { self = .success(try await body()) } catch { self = .failure(error) }
    }
}
