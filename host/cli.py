"""What every host command line shares."""
import argparse


class Parser(argparse.ArgumentParser):
    """argparse whose usage errors are one line, `error: ... (see --help)`, exit 2."""

    def error(self, message):
        self.exit(2, "error: %s (see --help)\n" % message)
