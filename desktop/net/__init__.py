"""Network play in the app (issue #41): the network/ core's joiner and host on an asyncio loop in a thread of
their own, talking to the Qt tables through signals (`bridge`); a joiner's table (`remote`); hosting from the
app (`hosting`); and the dialogs that join and host (`dialogs`)."""
