"""The game-agnostic core: the decider protocol, the event log, and its codec."""
