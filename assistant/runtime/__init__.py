"""The live runtime of `kinito play`: the listening loop, early moves, voice enrolment, the voices."""
