"""One module per group of host actions; protocol/dispatch.py holds the action -> handler table."""
