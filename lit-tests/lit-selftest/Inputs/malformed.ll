; A RUN line the runner's shell cannot parse: the test fails with a message, nothing runs.
; RUN: echo 'unterminated
