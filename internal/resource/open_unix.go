//go:build unix

package resource

import "syscall"

// oNonblock keeps open(2) of a named pipe from waiting for a writer.
const oNonblock = syscall.O_NONBLOCK
