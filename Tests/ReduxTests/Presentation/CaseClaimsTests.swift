import Testing

@testable import Redux

/// How the claims enum cases make on an action are settled (``CaseClaims``, issue 47): the first
/// missed claim and the first taken path are held inline, the rest in an array, and the answer —
/// whether the action was for a case not shown, and which paths get a diagnostic — is the same
/// whatever shape the claims take.
@MainActor
struct CaseClaimsTests {
    struct Tap: Action {}
    enum Screen {}

    func missedClaim(_ path: String) -> CaseClaim {
        CaseClaim(path: path, isTaken: false, state: Screen.self)
    }

    func takenClaim(_ path: String) -> CaseClaim {
        CaseClaim(path: path, isTaken: true, state: Screen.self)
    }

    /// Settles `claims` made on `action` in order; returns whether the action missed and the
    /// warnings raised.
    func settle(
        _ claims: [CaseClaim], of action: any Action = ElementAction(path: ".a", id: nil, Tap())
    ) -> (missed: Bool, warnings: [String]) {
        var work = ReducerWork()
        for claim in claims { work.claims.append(claim) }
        var missed = false
        let warnings = Diagnostics.capture { missed = work.settleCaseClaims(of: action) }
        #expect(work.claims.isEmpty, "settling removes the claims")
        return (missed, warnings)
    }

    @Test(arguments: [
        // (claims, missed, paths warned about)
        ([] as [String], false, [] as [String]),
        (["+.a"], false, []),
        (["-.a", "+.a"], false, []),
        (["+.a", "-.a"], false, []),
        (["-.a"], true, [".a"]),
        (["-.a", "-.a"], true, [".a"]),
        (["-.a", "+.b"], true, [".a"]),
        (["-.a", "-.b", "+.b"], true, [".a"]),
        (["-.b", "+.a", "-.a", "-.b"], true, [".b"]),
        (["+.a", "+.b", "-.a", "-.b"], false, []),
        (["-.a", "-.b", "-.c", "+.b"], true, [".a", ".c"]),
    ])
    func claimsSettleTheSameWhateverTheirShape(claims: [String], missed: Bool, warned: [String]) {
        let made = claims.map {
            $0.hasPrefix("+") ? takenClaim(String($0.dropFirst())) : missedClaim(String($0.dropFirst()))
        }
        let (answer, warnings) = settle(made)
        #expect(answer == missed, "\(claims)")
        #if DEBUG
            // One diagnostic per path missed by every case that met it.
            #expect(warnings.count == warned.count, "\(claims): \(warnings)")
            for path in warned {
                #expect(warnings.contains { $0.contains("the case \(path) of") }, "\(claims): \(warnings)")
            }
            // The action is named as the enum's reducer met it: the one wrapped for the case.
            #expect(warnings.allSatisfy { $0.contains("warning: Tap was sent to the case") }, "\(warnings)")
        #endif
    }

    /// The claims hold no copy of the action: the diagnostic names the action the level that
    /// settles them handed the enum's reducer — the wrapped action of an `ElementAction`, or the
    /// action itself when it is not one (nothing in the library hands an enum's reducer another
    /// action than the one its claims were made on; a reducer written by hand could).
    @Test func aMissedCaseNamesTheActionItWasSettledOn() {
        struct Rename: Action {}
        let wrapped = settle([missedClaim(".detail")], of: ElementAction(path: ".detail", id: nil, Rename()))
        #expect(wrapped.missed)
        let bare = settle([missedClaim(".detail")], of: Rename())
        #expect(bare.missed)
        #if DEBUG
            #expect(
                wrapped.warnings.count == 1
                    && wrapped.warnings[0].contains("Rename was sent to the case .detail of Screen"),
                "\(wrapped.warnings)")
            #expect(
                bare.warnings.count == 1 && bare.warnings[0].contains("Rename was sent to the case .detail of Screen"),
                "\(bare.warnings)")
        #endif
    }
}
