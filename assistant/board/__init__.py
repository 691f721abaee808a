"""The party board: `kinito play --board [HOST:]PORT` serves a live, read-only page of the
table for a TV or phones.

- `view`: a referee `Snapshot` to the page's JSON (pure; one module per game beside it);
- `hub`: the latest JSON, handed from the referee's thread to the server's event loop;
- `server`: Starlette + uvicorn in a thread, GET only, server-sent events;
- `qr`: the page's address as a QR code (SVG for the page, text for the terminal);
- `static/`: the page itself, plain HTML/CSS/JS with no build step.
"""
