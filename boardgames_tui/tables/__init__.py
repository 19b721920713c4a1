"""The table server and its clients: one process holds a table's match, seed and bots, and sends
each connection only its seat's view (docs/tables.md).  No Textual here."""
