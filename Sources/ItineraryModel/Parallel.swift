import Dispatch

/// Work cut into consecutive parts that run at once, one thread each.
public enum Parallel {
    /// `body` over consecutive ranges that together cover `0..<count`, two at
    /// once when `count` reaches `minimum` (one otherwise); the results in
    /// the order of their ranges. `body` must be safe to run on two threads.
    public static func parts<T: Sendable>(of count: Int, minimum: Int, _ body: @Sendable (Range<Int>) -> T) -> [T] {
        let parts = count >= minimum ? 2 : 1
        guard parts > 1 else { return [body(0..<count)] }
        let slots = UnsafeMutableBufferPointer<T?>.allocate(capacity: parts)
        slots.initialize(repeating: nil)
        defer { slots.deinitialize().deallocate() }
        // Each part writes only its own slot.
        nonisolated(unsafe) let results = slots
        DispatchQueue.concurrentPerform(iterations: parts) { part in
            results[part] = body((part * count / parts)..<((part + 1) * count / parts))
        }
        return slots.map { $0! }
    }

    /// Two different jobs at once, one thread each; returns when both are done.
    /// Each must be safe to run beside the other.
    public static func both(_ first: @Sendable () -> Void, and second: @Sendable () -> Void) {
        DispatchQueue.concurrentPerform(iterations: 2) { job in
            if job == 0 { first() } else { second() }
        }
    }
}

/// A value made on another thread from the moment this is created; `value`
/// waits for it. For work that can run beside what the caller does next.
public final class Background<Value: Sendable>: @unchecked Sendable {
    private let done = DispatchSemaphore(value: 0)
    // Written once by the worker before `done` is signalled, read after waiting for it.
    private var result: Value?

    public init(_ make: @escaping @Sendable () -> Value) {
        DispatchQueue.global().async {
            self.result = make()
            self.done.signal()
        }
    }

    /// The value, once made.
    public var value: Value {
        done.wait()
        // Later reads find the semaphore at zero again: signal it back for them.
        done.signal()
        return result!
    }
}
