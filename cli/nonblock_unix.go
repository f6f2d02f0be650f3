//go:build unix

package cli

import "syscall"

// oNonblock keeps open(2) of a named pipe from waiting for the other end.
const oNonblock = syscall.O_NONBLOCK
