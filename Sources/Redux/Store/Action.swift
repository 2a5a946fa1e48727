/// A value that describes something that happened and that a ``Reducer`` turns into a new state.
///
/// Actions are plain values — usually structs or enums — and must be `Sendable` so that code on any
/// actor can hand them to a ``Store`` with `await store.dispatch(action)`.
///
/// ```swift
/// struct Increment: Action {}
/// enum Counter: Action { case add(Int), reset }
/// ```
public protocol Action: Sendable {}
