"""tafel.net without processes: codes and keys, sealed messages under fuzzing, the room's game
(host and guest), and two sessions through the embedded broker on loopback."""

from __future__ import annotations

import json
import random

import pytest

pytest.importorskip("paho.mqtt", reason="online play needs the online extra")

from tafel.net.codes import CODE_WORDS, WORDS, CodeError, new_code, normalize_code, room_keys  # noqa: E402
from tafel.net.game import HostGame, commitment  # noqa: E402
from tafel.net.guest import GuestGame, SnapshotError  # noqa: E402
from tafel.net.wire import MAX_MESSAGE, Opener, Sealer  # noqa: E402

CODE = "legal winner thank year wave sausage"


@pytest.fixture(scope="module")
def keys():
    return room_keys(CODE)


# --- codes ---------------------------------------------------------------------------------------


def test_codes_have_enough_entropy_and_read_forgivingly():
    assert len(WORDS) == 2048 and CODE_WORDS * 11 >= 64
    assert len({new_code() for _ in range(50)}) == 50
    assert normalize_code("LEGA-winn thank,year  wave saus") == CODE
    for bad in ("legal winner", "legal winner thank year wave zzzz", ""):
        with pytest.raises(CodeError):
            normalize_code(bad)


def test_keys_depend_on_the_code_and_spectators_cannot_play(keys):
    other = room_keys("abandon ability able about above absent")
    assert keys.room_id != other.room_id and keys.watch_key != other.watch_key
    assert CODE.split()[0] not in keys.room_id  # the topic names no word of the code
    spectator = room_keys(keys.spectator_code)
    assert spectator.room_id == keys.room_id and spectator.play_key is None
    assert keys.spectator_code.startswith("watch ") and keys.spectator_code != CODE


# --- sealed messages ------------------------------------------------------------------------------


def _pair(keys, game="ataxx"):
    return Sealer("host", keys.watch_key, keys.play_key, game=game, game_version="1"), Opener(
        keys.watch_key, keys.play_key, game="ataxx", game_version="1"
    )


def test_a_message_opens_once_and_only_on_its_topic(keys):
    sealer, opener = _pair(keys)
    data = sealer.seal("a/game", "game", {"x": 1})
    assert opener.open("b/game", data) is None and opener.dropped["forged"] == 1
    assert opener.open("a/game", data).body == {"x": 1}
    assert opener.open("a/game", data) is None and opener.dropped["replayed"] == 1


def test_wrong_code_reads_nothing_and_injects_nothing(keys):
    sealer, opener = _pair(keys)
    stranger = room_keys("abandon ability able about above absent")
    theirs = Opener(stranger.watch_key, stranger.play_key)
    assert theirs.open("a/game", sealer.seal("a/game", "game", {"x": 1})) is None
    forged = Sealer("guest", stranger.watch_key, stranger.play_key, game="ataxx", game_version="1")
    assert opener.open("a/req", forged.seal("a/req", "req", {"what": "resign"})) is None
    assert opener.dropped["forged"] == 2 - 1 and theirs.dropped["forged"] == 1


def test_a_spectator_reads_the_host_but_cannot_forge_for_the_players(keys):
    sealer, opener = _pair(keys)
    watcher = Opener(keys.watch_key, None)
    assert watcher.open("a/game", sealer.seal("a/game", "game", {"x": 1})).body == {"x": 1}
    # A spectator has the watch key only: what it makes lacks the players' tag.
    from cryptography.hazmat.primitives.ciphers.aead import AESGCM

    header, nonce = bytes((1, 1)), b"n" * 12
    plain = json.dumps(
        {"v": 1, "t": "game", "from": "host", "seq": 10**18, "game": "ataxx", "gv": "1", "body": {}}
    )
    fake = (
        header + nonce + AESGCM(keys.watch_key).encrypt(nonce, plain.encode(), header + b"a/game") + b"t" * 16
    )
    assert opener.open("a/game", fake) is None and opener.dropped["forged"] == 1


def test_ten_thousand_fuzzed_messages_change_nothing_and_crash_nothing(keys, registry):
    """Truncated, reordered, duplicated, forged, bit-flipped and oversized messages: every one is
    dropped and counted, the guest's game stays as the one real snapshot left it."""
    game = registry.game("ataxx")
    host = HostGame(game, game.resolve_options({}), host_name="Ann")
    host.guest_joined("Bob", 0.0)
    sealer, opener = _pair(keys)
    topic = "tafel/v1/r/game"
    real = [sealer.seal(topic, "game", host.snapshot(0.0))]
    for _ in range(3):
        state = host.state
        host.request(
            state.to_move,
            {"what": "move", "ply": len(host.moves), "move": state.move_to_text(state.legal_moves()[0])},
            0.0,
        )
        real.append(sealer.seal(topic, "game", host.snapshot(0.0)))
    guest = GuestGame(registry.game)
    last = real[-1]
    message = opener.open(topic, last)
    guest.apply("ataxx", "1", message.body)
    before = guest.view
    rng = random.Random(39)
    stranger = room_keys("abandon ability able about above absent")
    forger = Sealer("host", stranger.watch_key, stranger.play_key, game="ataxx", game_version="1")
    for i in range(10_000):
        kind = i % 6
        data = bytearray(rng.choice(real))
        if kind == 0:
            data = data[: rng.randrange(len(data))]  # truncated
        elif kind == 1:
            data[rng.randrange(len(data))] ^= 1 << rng.randrange(8)  # one bit flipped
        elif kind == 2:
            pass  # duplicated or reordered: an older or the same message again
        elif kind == 3:
            data = bytearray(forger.seal(topic, "game", {"moves": ["zz"]}))  # forged with another code
        elif kind == 4:
            data = bytearray(rng.randbytes(MAX_MESSAGE + 1 + rng.randrange(100)))  # oversized
        else:
            data = bytearray(rng.randbytes(rng.randrange(200)))  # noise
        got = opener.open(topic, bytes(data))
        if got is not None:  # nothing can get through: every real message was opened already
            guest.apply("ataxx", "1", got.body)
    assert guest.view is before
    assert opener.accepted == 1 and sum(opener.dropped.values()) == 10_000
    assert set(opener.dropped) <= {"malformed", "forged", "replayed", "oversized", "version"}


def test_bad_snapshots_are_refused_and_keep_the_game(registry):
    game = registry.game("ataxx")
    host = HostGame(game, game.resolve_options({}))
    host.guest_joined("Bob", 0.0)
    guest = GuestGame(registry.game)
    guest.apply("ataxx", "1", host.snapshot(0.0))
    good = guest.view
    snap = host.snapshot(0.0)
    for change in (
        {"moves": ["zz9"]},
        {"hash": "0" * 16},
        {"moves": "a1"},
        {"options": {"bad": 1}},
        {"host_seat": 5},
    ):
        with pytest.raises(SnapshotError):
            guest.apply("ataxx", "1", {**snap, **change})
        assert guest.view is good
    with pytest.raises(SnapshotError):
        guest.apply("ataxx", "99", snap)


# --- the room's game --------------------------------------------------------------------------------


def _play(host: HostGame, seat: int, now: float = 1.0) -> str:
    state = host.state
    text = state.move_to_text(state.legal_moves()[0])
    assert host.request(seat, {"what": "move", "ply": len(host.moves), "move": text}, now) == ""
    return text


def test_host_refuses_moves_out_of_turn_or_stale_and_the_guest_follows(registry):
    game = registry.game("ataxx")
    host = HostGame(game, game.resolve_options({}), host_seat=0)
    assert host.request(0, {"what": "move", "ply": 0, "move": "a1"}, 0.0) == "the game is not running"
    host.guest_joined("Bob", 0.0)
    guest = GuestGame(registry.game)
    guest.apply("ataxx", "1", host.snapshot(0.0))
    text = _play(host, 0)
    assert "turn" in host.request(0, {"what": "move", "ply": 1, "move": text}, 0.0)
    assert "ply" in host.request(1, {"what": "move", "ply": 0, "move": text}, 0.0)
    assert "illegal" in host.request(1, {"what": "move", "ply": 1, "move": "zz"}, 0.0)
    events = guest.apply("ataxx", "1", host.snapshot(0.0))
    assert ("ply", text) in events and guest.resyncs == 0
    assert guest.view.state.to_text() == host.state.to_text()


def test_undo_draw_resign_and_rematch(registry):
    game = registry.game("ataxx")
    host = HostGame(game, game.resolve_options({}), host_seat=0, host_name="Ann")
    host.guest_joined("Bob", 0.0)
    _play(host, 0)
    _play(host, 1)
    assert host.request(1, {"what": "undo"}, 0.0) == "" and host.pending == {"kind": "undo", "by": 1}
    assert host.request(0, {"what": "answer", "kind": "undo", "yes": False}, 0.0) == ""
    assert len(host.moves) == 2 and host.declined["kind"] == "undo"
    host.request(1, {"what": "undo"}, 0.0)
    host.request(0, {"what": "answer", "kind": "undo", "yes": True}, 0.0)
    assert len(host.moves) == 1 and host.state.to_move == 1
    host.request(1, {"what": "draw"}, 0.0)
    host.request(0, {"what": "answer", "kind": "draw", "yes": True}, 0.0)
    assert host.status == "over" and host.result.line == "draw: draw agreed"
    host.request(0, {"what": "rematch"}, 0.0)
    host.request(1, {"what": "answer", "kind": "rematch", "yes": True}, 0.0)
    assert host.round == 2 and host.host_seat == 1 and host.moves == [] and host.status == "playing"
    host.request(0, {"what": "resign"}, 0.0)
    assert host.result.rewards == (0.0, 1.0) and "resigned" in host.result.line


def test_clock_runs_out_on_the_host(registry):
    game = registry.game("ataxx")
    host = HostGame(game, game.resolve_options({}), clock=(5.0, 1.0))
    host.guest_joined("Bob", 100.0)
    _play(host, 0, now=101.0)  # the test's own times on the host's clock, no sleeping
    assert host.clock.left == [5.0, 5.0]  # 4 s left after 1 s, plus the increment
    assert not host.tick(105.0)
    assert host.snapshot(105.0)["clock"]["running"] == 1
    assert host.tick(106.5) and "ran out of time" in host.result.line


def test_hidden_deal_is_committed_and_verified(registry):
    game = registry.game("axxa")
    options = game.parse_options(["mode=competitive"])
    host = HostGame(game, options, host_name="Ann")
    host.guest_joined("Bob", 0.0)
    snap = host.snapshot(0.0)
    assert snap["seed"] is None and snap["options"]["seed"] == 0 and snap["reveal"] is None
    assert snap["commit"] == commitment(host.seed, host.salt)
    guest = GuestGame(registry.game)
    guest.apply("axxa", game.version, snap)
    rng = random.Random(2)
    for _ in range(400):
        if host.status != "playing":
            break
        seat = host.state.to_move
        view = host.state.view_for(seat)
        move = rng.choice(view.legal_moves())
        assert (
            host.request(seat, {"what": "move", "ply": len(host.moves), "move": view.move_to_text(move)}, 0.0)
            == ""
        )
        guest.apply("axxa", game.version, host.snapshot(0.0))
        assert guest.view.state.to_text() == host.state.view_for(1).to_text()
    assert host.status == "over"
    assert guest.view.deal_verified is True
    lying = {**host.snapshot(0.0), "reveal": {"seed": host.seed + 1, "salt": host.salt}}
    cheated = GuestGame(registry.game)
    cheated.apply("axxa", game.version, lying)
    assert cheated.view.deal_verified is False


def test_clock_and_broker_arguments():
    from tafel.cli.online import _parse_clock
    from tafel.commands import CommandError
    from tafel.net.session import BrokerError, parse_broker_url

    assert _parse_clock("5+3") == (300.0, 3.0) and _parse_clock(None) is None
    for bad in ("x", "0+1", "5+-1"):
        with pytest.raises(CommandError):
            _parse_clock(bad)
    assert parse_broker_url("mqtts://example.org").tls
    for bad in ("http://x:1", "mqtt://:1883", "mqtt://h:99999"):
        with pytest.raises(BrokerError):
            parse_broker_url(bad)


def test_a_guest_whose_rules_disagree_takes_the_hosts_position(registry):
    game = registry.game("ataxx")
    host = HostGame(game, game.resolve_options({}))
    host.guest_joined("Bob", 0.0)
    _play(host, 0)
    snap = host.snapshot(0.0)
    other = game.new_state(host.options, None).legal_moves()[-1]
    lying_moves = {**snap, "moves": [game.new_state(host.options, None).move_to_text(other)]}
    guest = GuestGame(registry.game)
    guest.apply("ataxx", "1", lying_moves)  # the moves lead elsewhere here: the host's position stands
    assert guest.disagreements == 1 and guest.view.state.to_text() == host.state.to_text()


def test_an_empty_name_travels_empty_and_each_side_words_it_in_its_own_language(registry):
    from tafel.i18n import language

    game = registry.game("ataxx")
    with language("en"):  # the host speaks English: its word for itself must not travel
        host = HostGame(game, game.resolve_options({}), host_name="")
        host.guest_joined("", 0.0)
        snap = host.snapshot(0.0)
    assert snap["names"] == ["", ""]
    with language("de"):
        guest = GuestGame(registry.game)
        guest.apply("ataxx", game.version, snap)
        assert guest.view.names == ("Gastgeber", "Gast")
    with language("en"):
        guest.apply("ataxx", game.version, {**snap, "names": ["Ann", ""]})
        assert guest.view.names == ("Ann", "Guest")


def test_names_from_the_other_side_cannot_drive_a_terminal_or_a_layout(registry):
    """A peer's name reached `joined: NAME` on the terminal and the seat row as it came: an
    escape sequence cleared the screen, a direction override turned the row around."""
    game = registry.game("ataxx")
    host = HostGame(game, game.resolve_options({}), host_name="")
    host.guest_joined("", 0.0)
    snap = host.snapshot(0.0)
    guest = GuestGame(registry.game)
    guest.apply("ataxx", game.version, {**snap, "names": ["Ann\x1b[2J\u202e", "B\nob" + "x" * 100]})
    assert guest.view.names == ("Ann\\x1b[2J\\u202e", "B\\nob" + "x" * 34 + "…")  # quoted, as saves are


def test_a_hosts_room_is_kept_where_its_session_started(registry, tmp_path, monkeypatch):
    """A session's thread may write its room once more after its caller moved to another data
    folder (the next test's, under load): it wrote into that one, and made it exist too soon."""
    from tafel.net.session import RoomSession, parse_broker_url

    first, second = tmp_path / "first", tmp_path / "second"
    monkeypatch.setenv("TAFEL_DATA_DIR", str(first))
    game = registry.game("ataxx")
    host = HostGame(game, game.resolve_options({}), host_name="")
    code = new_code()
    session = RoomSession(
        room_keys(code), parse_broker_url("mqtt://127.0.0.1:1"), role="host", host_game=host, code=code
    )
    monkeypatch.setenv("TAFEL_DATA_DIR", str(second))
    session._save(host)
    assert (first / "rooms" / f"{room_keys(code).room_id}.json").exists() and not second.exists()
