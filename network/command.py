"""`convivium host GAME --players N --seats remote,remote,hard`: a headless host, for a server or a spare
computer. No window and no Qt: it prints each remote seat's invitation, serves the table until the game
ends, and saves as it goes (rules/saves.py): once the moves pause, once a second while they keep coming, at once at
the end and when it is stopped (Ctrl+C, or a TERM signal as a service manager sends), and when a person comes or goes
(no more than once a second); network/autosave.py says what a power cut may take. Started again with `--resume` it
carries on the same match, with the same invitations, so the joiners come back with the links they have.
"""
from __future__ import annotations

import argparse
import asyncio
import os
import random
import signal
import socket
import sys
from pathlib import Path
from typing import Any

import cardsets
from network import tls
from network.autosave import Autosave, SaveWriter, keep_saved
from network.discovery import Announcer, interfaces_for
from network.host import Host
from network.invite import new_token
from network.server import Server
from rules import PLAYERS, Match, RulesError, engine, info, modes, saves
from rules.bots import LEVELS, bot_modes
from rules.match import SEED_LIMIT

DEFAULT_PORT = 45817
SAVE_NAME = "hosted.convivium.json"


def data_folder(given: str | None) -> Path:
    """Where the host keeps its certificate and its game: --data, else CONVIVIUM_HOME (as the app), else
    ~/.convivium."""
    if given:
        return Path(given)
    home = os.environ.get("CONVIVIUM_HOME")
    return Path(home) if home else Path.home() / ".convivium"


def game_and_mode(name: str, mode: str | None) -> tuple[str, str]:
    """A game named by its own name or by a mode only it has (artifaxx), and the mode: --mode, else the
    game's first mode for several."""
    every = modes()
    if name not in every:
        owners = [game for game, ms in every.items() if name in ms]
        if len(owners) != 1:
            raise SystemExit(f"no game {name!r}: one of {', '.join([*every, 'artifaxx'])}")
        name, mode = owners[0], mode or name
    if mode is None:
        mode = next((m for m in every[name] if info(name).mode(m).players[1] > 1), every[name][0])
    if mode not in every[name]:
        raise SystemExit(f"no mode {mode!r} for {name}: one of {', '.join(every[name])}")
    return name, mode


def answer_wait(text: str) -> float | None:
    """--answer-wait: seconds from 0 to 60, or 'always' (None: the question waits for every answer)."""
    if text == "always":
        return None
    try:
        value = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError("seconds from 0 to 60, or always") from None
    if not 0 <= value <= 60:
        raise argparse.ArgumentTypeError("seconds from 0 to 60, or always")
    return value


def reachable_address(bind: str) -> str:
    """The address to put in invitations: the bound one, or for 0.0.0.0 the one this machine reaches its
    network by (a UDP socket is pointed at a documentation address; nothing is sent)."""
    if bind not in ("0.0.0.0", "::", ""):
        return f"[{bind}]" if ":" in bind else bind  # an IPv6 address, as a link writes it
    with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as probe:
        try:
            probe.connect(("192.0.2.1", 9))
            address: str = probe.getsockname()[0]
            return address
        except OSError:
            return "127.0.0.1"


def _new_host(args: argparse.Namespace) -> Host:
    game, mode = game_and_mode(args.game, args.mode)
    kinds = [s.strip() for s in args.seats.split(",") if s.strip()]
    players = args.players or len(kinds)
    if len(kinds) != players:
        raise SystemExit(f"--seats names {len(kinds)} seats for {players} players")
    if any(k != "remote" and k not in LEVELS for k in kinds) or "remote" not in kinds:
        raise SystemExit(f"--seats: remote, or a computer's level ({', '.join(LEVELS)}), with one remote seat at least")
    seed = args.seed if args.seed is not None else random.randrange(SEED_LIMIT)
    try:
        match: Match[Any] = Match(engine(game, mode), {PLAYERS: players}, seed)
        return Host(match, kinds, watch_token=new_token() if args.spectators else None, answer_wait=args.answer_wait)
    except RulesError as exc:
        raise SystemExit(in_english(game, exc)) from None
    except ValueError as exc:
        raise SystemExit(str(exc)) from None


def in_english(game: str | None, error: RulesError) -> str:
    """An error's words in English, from the game's texts or the app's (a server's log is read in English, as the
    other command-line tools write)."""
    catalogs = ([cardsets.load_texts(game)] if game else []) + [cardsets.load_ui_texts()]
    params = dict(error.params)
    reason = params.get("reason")
    if isinstance(reason, OSError):  # a file that could not be read
        params["reason"] = reason.strerror or str(reason)
    elif isinstance(reason, str):  # the key of what is wrong with a file (json.syntax...), filled by the rest
        params["reason"] = next((c.text("en", reason, **error.params) for c in catalogs if c.has(reason)), reason)
    for catalog in catalogs:
        if catalog.has(error.code):
            return catalog.text("en", error.code, **params)
    return str(error)


def saver_for(path: Path, host: Host) -> tuple[Autosave, SaveWriter]:
    """What saves `host`'s game in `path` as it goes: its data taken on the loop when the saver says, its JSON and
    the disk on the writer's thread. A full disk or a folder gone is said on stderr, and the game goes on (the next
    save tries again: each holds every move)."""
    writer = SaveWriter(path, lambda exc: print(f"could not save {path}: {exc.strerror or exc}", file=sys.stderr))
    return Autosave(lambda: writer.put(host.save_taken())), writer


def _resumed(save: Path) -> Host:
    try:
        return Host.from_save(saves.read_json(save))
    except saves.SaveError as exc:
        raise SystemExit(f"cannot resume {save}: {in_english(exc.of_game, exc)}") from None


async def serve(host: Host, args: argparse.Namespace, folder: Path, saver: Autosave, writer: SaveWriter) -> None:
    """Serve `host` until its game is over, printing the invitations first; `saver` hands what is not written yet
    to `writer` once the table is closed."""
    if args.insecure:
        try:
            tls.check_plain(args.bind)
        except tls.NotSecure:
            raise SystemExit("--insecure is for loopback only (--bind 127.0.0.1)") from None
        context, fingerprint = None, None
    else:
        try:
            context, fingerprint = tls.host_identity(folder)
        except tls.NotSecure as exc:
            raise SystemExit(f"cannot open the table to the network: {in_english(None, exc)}") from None
    stand_in = None if args.stand_in is None else (args.stand_in, 60.0 * args.after)
    # A resumed table listens where its invitations say, unless told otherwise.
    wanted = args.port if args.port is not None else host.port or DEFAULT_PORT
    server = Server(host, bind=args.bind, port=wanted, tls=context, stand_in=stand_in)
    port = await server.start()
    if host.port != port:
        host.port = port
        saver.changed(at_once=True)
        await asyncio.to_thread(writer.wait)  # the port is on disk before the invitations that name it
    address = reachable_address(args.bind)
    eng = host.engine
    print(f"{eng.game} {eng.mode}, {len(host.seats)} players, seed {host.match.seed}, table {host.table}, "
          f"listening on {args.bind}:{port}")
    for seat, invite in host.invites(address, port, fingerprint).items():
        code = invite.short_code()
        who = "watch" if seat is None else f"seat {seat + 1}"
        print(f"{who}: {invite.link()}" + (f"\n        code {code} (on the same network)" if code else ""))
    sys.stdout.flush()
    announcing = None
    if fingerprint is not None:  # found by the joiners' Join dialog on this network, if multicast can be had
        announcing = asyncio.create_task(Announcer(interfaces_for(args.bind)).run(host, address, port, fingerprint))
    await server.over.wait()
    await asyncio.sleep(1)  # the last updates reach the joiners
    if announcing is not None:
        announcing.cancel()
        await asyncio.gather(announcing, return_exceptions=True)
    await server.close()
    saver.flush()
    result = eng.result(host.match.state)
    print(f"game over after {len(host.match.moves)} moves: winners {[w + 1 for w in result.winners]}")


def main(argv: list[str] | None = None) -> int:
    """The `convivium host` command; returns the exit status."""
    parser = argparse.ArgumentParser(prog="convivium host", description="Host a game for players on other computers.")
    parser.add_argument("game", help="chrononauts, artifaxx, bacchanalia, banquet or parsifal")
    parser.add_argument("--mode", help="the game's mode (banquet: standard or open_privileges)")
    parser.add_argument("--players", type=int, help="seats at the table (default: one per --seats entry)")
    parser.add_argument("--seats", default="remote,remote", help="by seat: remote, or a computer's level (easy, "
                        "normal, hard), e.g. remote,remote,hard")
    parser.add_argument("--port", type=int, help=f"0 for any free port (default {DEFAULT_PORT}; with --resume, the "
                        "port of the invitations)")
    parser.add_argument("--bind", default="0.0.0.0", help="the address to listen on")
    parser.add_argument("--insecure", action="store_true", help="plain WebSocket, no TLS (loopback only: tests)")
    parser.add_argument("--spectators", action="store_true", help="print an invitation to watch (what every "
                        "player sees, no hand)")
    parser.add_argument("--stand-in", choices=LEVELS, help="a computer of this level plays for a person gone "
                        "--after minutes, until they come back")
    parser.add_argument("--after", type=float, default=5.0, help="minutes a person may be gone (default 5)")
    parser.add_argument("--answer-wait", type=answer_wait, default=3.0, help="seconds a question to the table "
                        "(a Memo, a privilege, an interrupt) waits before nobody has answered; 'always' to wait for "
                        "every answer (default 3)")
    parser.add_argument("--resume", action="store_true", help="carry on the game saved in the data folder")
    parser.add_argument("--seed", type=int, help="the deal number (default: a random one)")
    parser.add_argument("--data", help="the folder for the certificate and the save (default: CONVIVIUM_HOME)")
    args = parser.parse_args(argv)
    if args.after <= 0:
        parser.error("--after: a number of minutes above 0")
    folder = data_folder(args.data)
    save = folder / SAVE_NAME
    if args.resume:
        host = _resumed(save)
        host.answer_wait = args.answer_wait  # a setting of this run, not of the game
    else:
        if save.exists():
            try:
                previous = Host.from_save(saves.read_json(save))
                running = not previous.engine.is_over(previous.match.state)
            except saves.SaveError:
                running = False
            if running:
                raise SystemExit(f"a hosted game is in progress in {save}: --resume it, or choose another --data")
        host = _new_host(args)
    if args.stand_in is not None and host.engine.mode not in bot_modes(host.engine.game):
        raise SystemExit(f"--stand-in: no computer players in {host.engine.game} {host.engine.mode}")
    saver, writer = saver_for(save, host)
    if not args.resume:
        saver.changed(at_once=True)
        writer.wait()  # a new game is on disk before anyone is invited to it
    keep_saved(host, saver)
    on_term = signal.signal(signal.SIGTERM, _stopped)
    try:
        asyncio.run(serve(host, args, folder, saver, writer))
    except OSError as exc:
        saver.flush()
        port = args.port if args.port is not None else host.port or DEFAULT_PORT
        raise SystemExit(f"cannot listen on {args.bind}:{port}: {exc.strerror or exc}") from None
    except KeyboardInterrupt:
        saver.flush()  # the loop is gone: the last moves are handed over here, with the rest
        writer.wait()
        print(f"stopped; the game is saved in {save} (--resume carries on)")
        return 130
    finally:
        writer.wait()  # the newest save is on disk before the command ends
        signal.signal(signal.SIGTERM, on_term)
    return 0


def _stopped(_signal: int, _frame: object) -> None:
    """A TERM signal (a service manager stopping the host) stops it as Ctrl+C does: the save is written first."""
    raise KeyboardInterrupt
