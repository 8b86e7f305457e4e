"""`check` shows its progress, samples long move lists by default and has a --thorough mode."""

from tafel.cli import main
from tafel.cli.conformance import check_game


def test_check_shows_each_part_on_stderr_and_the_report_on_stdout(capsys):
    assert main(["check", "atoll", "--quick"]) == 0
    out, err = capsys.readouterr()
    assert out.splitlines()[-1] == "conformance: ok"
    parts = [line.strip() for line in err.splitlines() if line.strip().startswith("...")]
    assert parts[0] == "... random game 1 of 1" and any("board view" in p for p in parts)
    assert "  ... " not in out


def test_no_progress_keeps_stderr_quiet(capsys):
    assert main(["check", "atoll", "--quick", "--no-progress", "--no-view"]) == 0
    assert capsys.readouterr().err == ""


def test_the_creation_phase_of_a_huge_move_list_is_sampled(registry):
    """Amakta Infinit's creation phase lists about 122,000 moves: by default a sample of them
    is played (the full list is --thorough's job), so a check of a few plies is quick."""
    game = registry.game("amakta-infinit")
    played = []
    report = check_game(game, games=1, max_plies=6, on_state=lambda s: played.append(len(s.legal_moves())))
    assert report.ok, report.failures
    assert max(played) > 10_000


def test_thorough_plays_every_listed_move(registry):
    game = registry.game("atoll")
    quick = check_game(game, games=1, max_plies=2)
    thorough = check_game(game, games=1, max_plies=2, thorough=True)
    assert quick.ok and thorough.ok
