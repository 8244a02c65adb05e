/// The parser's stack of members and elements read so far. Finishing an
/// object or array moves its top values into an array of their own, where
/// an `Array` used as a stack would copy them (a retain each) and then
/// destroy the originals (a release each).
final class ScratchStack<Element> {
    private var base: UnsafeMutablePointer<Element>
    private var capacity: Int
    private(set) var count = 0

    init(capacity: Int = 64) {
        precondition(capacity > 0)
        self.capacity = capacity
        base = .allocate(capacity: capacity)
    }

    deinit {
        base.deinitialize(count: count)
        base.deallocate()
    }

    func push(_ element: consuming Element) {
        if count == capacity {
            let grown = UnsafeMutablePointer<Element>.allocate(capacity: capacity * 2)
            grown.moveInitialize(from: base, count: count)
            base.deallocate()
            base = grown
            capacity *= 2
        }
        (base + count).initialize(to: element)
        count += 1
    }

    /// The elements from `start` to the top, in order, removed from the stack.
    func pop(from start: Int) -> [Element] {
        precondition(start >= 0 && start <= count)
        let popped = count - start
        let elements = [Element](unsafeUninitializedCapacity: popped) { buffer, initialized in
            if popped > 0 { buffer.baseAddress!.moveInitialize(from: base + start, count: popped) }
            initialized = popped
        }
        count = start
        return elements
    }
}
