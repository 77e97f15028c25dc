import BubbleUnicode

extension Typesetter {
    /// Sets aside the marks of the cluster `cluster` past the first `limit` (``ParagraphStyle/maxMarksPerCluster``)
    /// in `shaped.hiddenMarks`: they are neither shaped nor drawn, so a stack of thousands costs nothing
    /// and draws no higher than `limit` marks do.
    @inline(never)
    func hideMarks(_ buffer: UnsafeBufferPointer<UInt16>, _ cluster: Range<Int>, over limit: Int, in shaped: inout ShapedText.Content) {
        var marks = 0
        var k = cluster.lowerBound
        while k < cluster.upperBound {
            var s = UInt32(buffer[k])
            var n = 1
            if s & 0xFC00 == 0xD800, k + 1 < cluster.upperBound, UInt32(buffer[k + 1]) & 0xFC00 == 0xDC00 {
                s = 0x10000 + ((s - 0xD800) << 10) + (UInt32(buffer[k + 1]) - 0xDC00)
                n = 2
            }
            if CharacterProperties.isMark(s) {
                marks += 1
                if marks > limit {
                    if let last = shaped.hiddenMarks.last, last.upperBound == k {
                        shaped.hiddenMarks[shaped.hiddenMarks.count - 1] = last.lowerBound..<k + n
                    } else {
                        shaped.hiddenMarks.append(k..<k + n)
                    }
                }
            }
            k += n
        }
    }
}
