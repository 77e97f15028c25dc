import Foundation

/// The write end of the pipe SIGTERM and SIGINT are reported through (-1: not installed).
nonisolated(unsafe) private var stopWriteFD: Int32 = -1
/// The signal that asked to stop (0: none yet).
nonisolated(unsafe) private var stopSignalNumber: Int32 = 0

/// SIGTERM and SIGINT during `bubble batch`: reading stops, the lines already read are finished and
/// written, and the batch exits 2. The handler only writes one byte to a pipe (async-signal-safe);
/// the reader polls that pipe beside its input, so a read blocked on a silent pipe wakes too. A
/// second signal ends the process at once.
enum StopSignal {
    /// Installs the handlers; returns the pipe's read end for ``LineReader``.
    static func install() -> Int32 {
        var fds: [Int32] = [0, 0]
        guard pipe(&fds) == 0 else { return -1 }
        for fd in fds { _ = fcntl(fd, F_SETFD, FD_CLOEXEC) }
        _ = fcntl(fds[1], F_SETFL, O_NONBLOCK)
        stopWriteFD = fds[1]
        // A parent may have started us with these signals blocked (the mask is inherited): unblock them.
        var wanted = sigset_t()
        sigemptyset(&wanted)
        sigaddset(&wanted, SIGTERM)
        sigaddset(&wanted, SIGINT)
        pthread_sigmask(SIG_UNBLOCK, &wanted, nil)
        for number in [SIGTERM, SIGINT] {
            var action = sigaction()
            #if os(Linux)
            action.__sigaction_handler.sa_handler = { number in
                if stopSignalNumber != 0 { _exit(2) }
                stopSignalNumber = number
                var byte: UInt8 = 1
                _ = write(stopWriteFD, &byte, 1)
            }
            #endif
            sigemptyset(&action.sa_mask)
            action.sa_flags = 0
            sigaction(number, &action, nil)
        }
        return fds[0]
    }

    /// The name of the signal that stopped the batch, or nil.
    static var received: String? {
        switch stopSignalNumber {
        case 0: nil
        case SIGTERM: "SIGTERM"
        case SIGINT: "SIGINT"
        default: "signal \(stopSignalNumber)"
        }
    }
}
