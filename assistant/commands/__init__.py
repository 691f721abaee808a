"""One module per `kinito` subcommand: each has add_arguments(parser) and run(args) -> int."""
