"""Browser tests of the client (Playwright with Debian's Chromium)."""
