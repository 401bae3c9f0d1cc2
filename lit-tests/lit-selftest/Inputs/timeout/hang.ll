; Hangs until the runner kills it after the timeout from lit.toml.
; RUN: echo started && sleep 60 | cat
