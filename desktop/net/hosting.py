"""Hosting from the app: the network core's host and server (network/host.py, network/server.py) on an event loop
in a thread of their own, and the host's own screen, where the people here play hot-seat as at any table.

The host's match lives on the loop's thread, which alone changes it: it judges every move, whoever sends it. The
screen plays on a copy (`HostedMatch`), taken after every change and handed over by a signal; a move made here
is played on the copy at once (the rules refuse it there as anywhere) and sent to the host, whose next copy
replaces it. The computers play on the host, from their seat's view alone.

The people at the host's screen chat under one seat's name at a time: the person who lifted the curtain (who is at
the keyboard now, and the only one who may look), else the local seat whose turn it is (the next to take the
screen), else the first local seat. A line typed at a shared screen has no other way to say who typed it, and
these are the seats whose names the others see acting.

The host's game is saved as it goes in the data folder, in the file `convivium host` keeps (either carries on the
other's game): once the moves pause, once a second while they keep coming, at once when the game ends and when hosting
stops (Save and stop, another game, the window closed), and when a person comes or goes (no more than once a second);
network/autosave.py says why, and what a power cut may take. Hosted again from there, the seats keep their tokens, so
the invitations still hold and the joiners, who keep trying, come back by themselves.

While the game waits for a seat whose person is gone, the host's screen says for how long, and after `OFFER_SECONDS`
offers to let a computer play that seat until its person is back (the core's stand-in, network/host.py), or to save
and stop: the host stops serving and the game waits in its save to be carried on.
"""
from __future__ import annotations

import concurrent.futures
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any, Final

from PySide6.QtCore import QObject, QTimer, Signal

from desktop.frame.seat_table import SeatGame, SeatTable
from desktop.net.bridge import Loop
from desktop.net.chat import ChatPanel
from desktop.net.remote import attach_chat, tell_stand_ins
from network import tls
from network.autosave import Autosave, SaveWriter
from network.command import DEFAULT_PORT, reachable_address
from network.discovery import Announcer, interfaces_for
from network.host import Host, Send
from network.invite import Invite, new_token
from network.protocol import BadMessage, Seats
from network.server import Server
from rules import saves
from rules.bots import bot_modes
from rules.kernel import Event, Move, NothingToRedo, RulesError
from rules.match import Match

START_SECONDS = 10.0
OFFER_SECONDS = 30.0  # how long a person is gone before the host's screen offers a computer in their place, or a stop
STAND_IN_LEVEL: Final = "normal"  # a stand-in's level where the table has no computer whose level it could take
SAVE_NAME: Final = "hosted.convivium.json"  # as `convivium host` names it in the same data folder


def hosted_in_progress(folder: Path) -> bool:
    """Does `folder` hold a hosted game that is not over (one to carry on)?"""
    try:
        host = Host.from_save(saves.read_json(folder / SAVE_NAME))
    except (saves.SaveError, OSError):
        return False
    return not host.engine.is_over(host.match.state)


class HostedMatch(Match[Any]):
    """A copy of the host's match for its own screen: the people here (`local`) play on it, and each move or undo
    goes on to the host (`forward`) which judges it again and sends its own copy back."""

    local: frozenset[int]
    forward: Callable[[str, Move], None]

    @classmethod
    def copy_of(cls, match: Match[Any], local: frozenset[int], forward: Callable[[str, Move], None]) -> HostedMatch:
        twin: HostedMatch = cls.__new__(cls)
        twin.__dict__.update(match.detached().__dict__)  # the rules and the moves no undo reaches are shared
        twin.local, twin.forward = local, forward
        return twin

    def legal_moves(self, player: int) -> list[Move]:
        return super().legal_moves(player) if player in self.local else []

    def play(self, move: Move) -> list[Event]:
        events = super().play(move)  # IllegalMove before anything is sent
        self.forward("play", move)
        return events

    def undo(self) -> Move:
        move = super().undo()
        self.forward("undo", move)
        return move

    def can_redo(self) -> bool:
        return False  # a move taken back is played again as a new one: the joiners were told of the undo

    def redo(self) -> list[Event]:
        raise NothingToRedo("status.nothing_to_redo")


class _AppHost(Host):
    """The core's host, telling the app's screen when the seats change (someone joins, or leaves)."""

    seated: Callable[[Seats], None] | None = None  # called in the loop's thread
    told: Seats | None = None  # the seats `seated` was last called with

    def receive(self, connection: int, raw: bytes | str) -> list[Send]:
        sends = super().receive(connection, raw)
        self._tell()
        return sends

    def leave(self, connection: int) -> list[Send]:
        sends = super().leave(connection)
        self._tell()
        return sends

    def _tell(self) -> None:
        """Tell the screen the seats if they changed: not after every message any connection sends (junk from one
        that holds no seat made the host's table redraw a thousand times a second)."""
        seats = self.seats_message()
        if self.seated is not None and seats != self.told:
            self.told = seats
            self.seated(seats)


@dataclass(frozen=True)
class Listening:
    """Where the host listens, and how joiners reach it."""

    bind: str = "0.0.0.0"
    port: int = DEFAULT_PORT
    insecure: bool = False  # plain WebSocket: loopback only (tests)
    folder: Path | None = None  # where the certificate and the save are kept (the app's data folder)


class HostSession(QObject):
    """One game hosted from this app: the host on its thread, and the game the host's screen plays (`game`).

    `changed` carries each new copy of the host's match (the session puts it on the table), `refused` a move of
    this screen the host did not take (a RulesError), `seated` the seats once someone comes or goes, `said` a chat
    line (seat, text), `save_failed` the OSError that kept the game from being saved, `stopped` that its host chose
    Save and stop (the window takes the table down)."""

    changed = Signal(object)
    said = Signal(int, str)
    refused = Signal(object)
    seated = Signal(object)
    save_failed = Signal(object)  # the OSError, from the writer's thread (Qt queues it): the table says it in its words
    stopped = Signal()

    def __init__(self, host: _AppHost, names: Sequence[str], game_class: type[SeatGame],
                 listening: Listening = Listening()) -> None:
        super().__init__()
        self.host = host
        host.seated = self.seated.emit
        host.on_change = self._changed
        self.autosave = Autosave(self._write)  # called on the loop's thread, as every change of the host's game is
        host.on_seated = lambda _host: self.autosave.promptly()
        host.on_said = self.said.emit  # from the loop's thread: Qt queues it to the GUI's
        self.local = frozenset(s.number for s in host.seats if s.kind == "local")
        self.joining = frozenset(s.number for s in host.seats if s.kind == "remote")  # seats of people elsewhere
        self.listening = listening
        self.save_path = listening.folder / SAVE_NAME if listening.folder is not None else None
        # The save made into data and JSON and written off the loop's thread: the players are answered meanwhile.
        self.writer = SaveWriter(self.save_path, self.save_failed.emit) if self.save_path is not None else None
        self.server: Server | None = None
        self.loop: Loop | None = None
        self.invites: dict[int, Invite] = {}
        self.watch_invite: Invite | None = None  # the spectators' invitation, when the table lets them watch
        self.game = game_class(HostedMatch.copy_of(host.match, self.local, self._forward), list(names))
        self.game.seats_here = self.local
        self.game.offline = {seat: time.monotonic() for seat in self.joining}  # nobody has come yet
        self.stand_in_level = next((s.level for s in host.seats if s.level is not None), STAND_IN_LEVEL)
        self.gone_clock = QTimer(self)  # the prompt says for how long a person is gone, and when the offers come
        self.gone_clock.setInterval(1000)
        self.gone_clock.timeout.connect(self._gone_tick)
        self._gone_shown: tuple[int, int, bool] | None = None  # the seat, minutes and offers the prompt shows
        self.table: SeatTable | None = None
        self.chat: ChatPanel | None = None  # made with the table (`attach`), in its language
        self.changed.connect(self._take)
        self.said.connect(self._said)
        self.seated.connect(self._seated)

    @classmethod
    def new(cls, started: SeatGame, kinds: Sequence[str], listening: Listening = Listening(),
            spectators: bool = False) -> HostSession:
        """`started`: the game as the set-up dialog started it (names, options, deal, computers); `kinds`: per seat,
        local, remote, or a computer's level; `spectators`: one more invitation lets anyone holding it watch."""
        match = started.match
        match.crossable = frozenset()  # the host takes back one move, the seat's own (network/host.py)
        names = [name if kind != "remote" else "" for name, kind in zip(started.names, kinds, strict=True)]
        watch = new_token() if spectators else None
        return cls(_AppHost(match, kinds, seat_names=names, watch_token=watch), started.names, type(started), listening)

    @classmethod
    def resumed(cls, game_class: type[SeatGame], blank: Callable[[int], str], listening: Listening) -> HostSession:
        """The hosted game saved in `listening.folder`, carried on with the same table and tokens (SaveError if the
        file is not one); `blank` names a seat nobody has taken yet."""
        assert listening.folder is not None, "the folder of the save"
        host = _AppHost.from_save(saves.read_json(listening.folder / SAVE_NAME))
        assert isinstance(host, _AppHost)
        names = [s.name or blank(s.number) for s in host.seats]
        if host.port is not None:  # where its invitations say it listens
            listening = replace(listening, port=host.port)
        return cls(host, names, game_class, listening)

    def start(self) -> dict[int, Invite]:
        """Listen (the certificate made on first use), let the computers play up to a person, and return each remote
        seat's invitation. OSError if the port cannot be had; NotSecure if the certificate's files cannot be used."""
        where = self.listening
        context, fingerprint = None, None
        if where.insecure:
            tls.check_plain(where.bind)
        else:
            assert where.folder is not None, "a certificate's folder for TLS"
            context, fingerprint = tls.host_identity(where.folder)
        self.loop = Loop("convivium-host")
        self.server = Server(self.host, bind=where.bind, port=where.port, tls=context)
        try:
            port = self.loop.submit(self.server.start()).result(START_SECONDS)
        except OSError:
            if where.port == 0:
                self.stop()
                raise
            self.server = Server(self.host, bind=where.bind, port=0, tls=context)  # the usual port is taken
            try:
                port = self.loop.submit(self.server.start()).result(START_SECONDS)
            except OSError:
                self.stop()
                raise
        address = where.bind if where.bind not in ("0.0.0.0", "::", "") else reachable_address(where.bind)
        found = self.host.invites(address, port, fingerprint)
        self.invites = {seat: invite for seat, invite in found.items() if seat is not None}
        self.watch_invite = found.get(None)  # the spectators' one (keyed None), if the table lets them watch
        self.host.port = port  # saved with the game: carried on, it listens there again
        self.loop.submit(self._copy_now())  # the computers may have played on start
        if fingerprint is not None:  # found by Join a game on this network, while multicast can be had
            self.loop.submit(Announcer(interfaces_for(where.bind)).run(self.host, address, port, fingerprint))
        return self.invites

    def stop(self) -> None:
        """Stop serving (the joiners are told by their connection closing), end the thread, and return once the
        newest save is on disk."""
        self.gone_clock.stop()
        if self.loop is not None:
            try:
                self.loop.submit(self._close()).result(5.0)
            except (concurrent.futures.TimeoutError, RuntimeError, OSError):
                pass
            self.loop.stop()
            if not self.loop.thread.is_alive():  # nothing changes the game any more: what the loop did not hand over
                self.autosave.flush()
            self.loop = None
        if self.writer is not None:
            self.writer.wait()  # another host of this folder, or the window closing, comes after the last write

    # --- on the loop's thread ---------------------------------------------------------------------

    async def _close(self) -> None:
        """Stop serving (each leaving seat writes the save, if a change waits), then write what still waits."""
        if self.server is not None:
            await self.server.close()
        self.autosave.flush()

    def _changed(self, host: Host) -> None:
        """After a move or an undo: saved once the table is quiet (at once if the game is over); the copy to the
        screen now."""
        self.autosave.changed(at_once=host.engine.is_over(host.match.state))
        self._show(host)

    def _copy_out(self, host: Host) -> None:
        """Saved now (on start, at Save and stop), and the copy to the screen."""
        self.autosave.changed(at_once=True)
        self._show(host)

    def _show(self, host: Host) -> None:
        self.changed.emit(HostedMatch.copy_of(host.match, self.local, self._forward))

    def _write(self) -> None:
        """The game as it stands, taken here on the loop's thread (one moment of it), written on the writer's."""
        if self.writer is not None:
            self.writer.put(self.host.save_taken())

    async def _copy_now(self) -> None:
        self._copy_out(self.host)

    async def _act(self, what: str, move: Move) -> None:
        server = self.server
        try:
            if move.player not in self.local:  # this screen plays and takes back the moves of its own seats only
                raise BadMessage("net.not_your_seat" if what == "play" else "net.cannot_undo")
            sends = self.host.play(move.player, move) if what == "play" else self.host.undo(move.player)
        except RulesError as refused:  # the screen's copy was behind the host's: the host's word stands
            self.refused.emit(refused)
            self._show(self.host)
            return
        if server is not None:
            server.deliver(sends)
            if self.host.engine.is_over(self.host.match.state):
                server.over.set()

    async def _stand_in(self, seat: int) -> None:
        sends = self.host.stand_in_for([seat], self.stand_in_level)
        self.seated.emit(self.host.seats_message())
        if self.server is not None:
            self.server.deliver(sends)

    async def _say(self, seat: int, line: str) -> None:
        try:
            sends = self.host.say(seat, line)
        except RulesError as refused:
            self.refused.emit(refused)
            return
        if self.server is not None:
            self.server.deliver(sends)

    # --- on the GUI thread ------------------------------------------------------------------------

    def speaker(self) -> int | None:
        """The seat this screen speaks for now (see the module's docstring); None with nobody playing here."""
        if not self.local:
            return None
        looking = self.table.looking if self.table is not None else None
        if looking in self.local:
            return looking
        decider = self.game.engine.decider(self.game.state)
        return decider if decider in self.local else min(self.local)

    def say(self, line: str) -> None:
        """A chat line from this screen, under the name of the seat it speaks for."""
        seat = self.speaker()
        if seat is not None and self.loop is not None:
            self.loop.submit(self._say(seat, line))

    def _said(self, seat: int, line: str) -> None:
        if self.chat is None:
            return
        speaker = self.game.names[seat] if seat < len(self.game.names) else ""
        self.chat.add(speaker, line, own=seat in self.local)

    def _forward(self, what: str, move: Move) -> None:
        if self.loop is not None:
            self.loop.submit(self._act(what, move))

    def _take(self, twin: object) -> None:
        assert isinstance(twin, HostedMatch)
        was_over = twin.engine.is_over(self.game.match.state)  # a move played here that ended it has said so
        self.game.match = twin
        if self.table is not None:
            self.table.refresh()
            if not was_over and twin.engine.is_over(twin.state):
                self.table.inform(self.table.tr_.text("hs.end_title"), self.table.end_words())

    def _refused(self, refused: object) -> None:
        if self.table is not None and isinstance(refused, RulesError):
            self.table.show_message(self.table.reason(refused))

    def _seated(self, seats: object) -> None:
        assert isinstance(seats, Seats)
        for entry in seats.seats:
            seat, name = int(entry["seat"]), str(entry["name"])
            if entry["kind"] == "remote" and name and seat < len(self.game.names):
                self.game.names[seat] = name  # cleaned by the host (network/names.py)
        game, now = self.game, time.monotonic()
        game.offline = {seat: game.offline.get(seat, now) for seat in
                        (int(e["seat"]) for e in seats.seats if e["kind"] == "remote" and not e["here"])}
        # A seat of a person joining that the host says a computer plays: a stand-in, until the person is back.
        stand_ins = frozenset(int(e["seat"]) for e in seats.seats if e["kind"] == "computer") & self.joining
        was, game.stand_ins = game.stand_ins, stand_ins
        if self.table is not None:
            self.table.refresh()
            tell_stand_ins(self.table, was, stand_ins)

    def _gone_tick(self) -> None:
        """Redraw the prompt when what it says of a gone person changes: the minutes, or the offers coming."""
        table = self.table
        away = table.away() if table is not None else None
        since = self.game.offline.get(away) if away is not None else None
        if table is None or away is None or since is None:
            self._gone_shown = None
            return
        gone = time.monotonic() - since
        shown = (away, int(gone // 60), gone >= OFFER_SECONDS)
        if shown != self._gone_shown:
            self._gone_shown = shown
            table.refresh()

    def _offers(self, seat: int) -> None:
        """The host's choices on the bar while the game waits for `seat`, whose person has been gone a while."""
        since = self.game.offline.get(seat)
        table = self.table
        if table is None or since is None or time.monotonic() - since < OFFER_SECONDS:
            return
        t = table.tr_.text
        if self.game.engine.mode in bot_modes(self.game.engine.game):
            table.button("stand_in", t("net.let_computer_play", player=table.seat_name(seat)),
                         lambda: self.let_computer_play(seat))
        table.button("save_and_stop", t("net.save_and_stop"), self.save_and_stop)

    def let_computer_play(self, seat: int) -> None:
        """A computer plays `seat` until its person is back (everyone is told once the host has seated it)."""
        if self.loop is not None:
            self.loop.submit(self._stand_in(seat))

    def save_and_stop(self) -> None:
        """Stop hosting, the game kept in its save to be carried on (the window says where: `stopped`)."""
        if self.loop is not None:
            try:
                self.loop.submit(self._copy_now()).result(START_SECONDS)  # saved as it stands, whatever came last
            except (concurrent.futures.TimeoutError, RuntimeError):
                pass  # `stop` writes what waits
        self.stop()
        self.stopped.emit()

    def attach(self, table: SeatTable) -> None:
        """The table showing `game`: it is redrawn at each copy and told of refusals and of trouble saving."""
        self.table = table
        self.chat = ChatPanel(table.tr_)
        self.chat.say.connect(self.say)
        self.chat.read_only(not self.local)  # nobody plays at this screen: it watches, and has no seat to speak for
        attach_chat(self.chat, table)
        self.refused.connect(self._refused)
        self.save_failed.connect(lambda error: table.show_message(table.autosave_trouble(error)))
        table.away_offers = self._offers
        self.gone_clock.start()
