"""Network play (issue #41): one computer hosts a match and holds its only full state; every other computer
receives only what its own seat may see.

Pure Python on asyncio, no Qt: `protocol` (the messages and their checks), `invite` (the link and code a
joiner is given), `tls` (the host's certificate and the joiner's pinning), `names` (a joiner's name),
`host` (the table: seats, tokens, moves judged by the rules, what each seat is sent), `server` (the
WebSocket transport with its limits), `client` (a joiner), `session` (a joiner in a thread of its own, for a
GUI) and `command` (`convivium host`, headless). docs/protocol.md describes the wire.
"""
