package cli

import (
	"fmt"
	"runtime"

	"github.com/seed28491532/folio"
	"github.com/seed28491532/folio/server"
)

func versionCommand() *command {
	return &command{
		name:    "version",
		summary: "print the folio version",
		usage:   "",
		help:    "Prints the version (the same constant the health endpoint reports) and the engine and build.",
		run: func(e *env, args []string) error {
			c := versionCommand()
			pos, err := e.parseFlags(c, newFlags(c), args)
			if err != nil {
				return err
			}
			if len(pos) > 0 {
				return usageErr("unexpected argument %q", pos[0])
			}
			fmt.Fprintf(e.stdout, "folio %s\n%s; %s %s/%s\n", folio.Version, server.EngineDescription(), runtime.Version(), runtime.GOOS, runtime.GOARCH)
			return nil
		},
	}
}
