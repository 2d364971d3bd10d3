"""The Parsifal card set: cards.yaml, text/<lang>.yaml and their loader (loader.py)."""
