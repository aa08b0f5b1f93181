"""Secret decisions from phones (a web page served by the box) and from a USB keypad.

The moderator's API, all on one asyncio event loop::

    table = PhoneTable(game, locale="zh-CN", auto_narrate=False)
    server = PhoneServer(table, host="0.0.0.0", port=8000)
    await server.start()
    server.print_join()                  # the join addresses and a QR code on the terminal
    table.narrate("seer")                # phones show the seer's step (decoys for the others)
    applied = await table.next_applied(timeout=30)   # or table.subscribe() for a queue
    table.close_step()                   # a deadline passed: apply what the phones gave
    await server.stop()

Without phones, `Keypad` takes the same decisions from a numeric keypad or the terminal.
"""

from narrator.inbox import Applied
from narrator.phones.address import join_url, print_join, qr_text
from narrator.phones.keypad import Keypad
from narrator.phones.keys import evdev_keys, terminal_keys
from narrator.phones.server import BackgroundServer, PhoneServer
from narrator.phones.table import PhoneTable

__all__ = [
    "Applied",
    "BackgroundServer",
    "Keypad",
    "PhoneServer",
    "PhoneTable",
    "evdev_keys",
    "join_url",
    "print_join",
    "qr_text",
    "terminal_keys",
]
