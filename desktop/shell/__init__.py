"""The app around the tables: the main window, start-up, the games list, replays."""
