"""The translator's workbench: every card in two languages, what is missing, stale or too long."""
