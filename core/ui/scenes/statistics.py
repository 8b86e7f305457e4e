"""Statistics: wins, draws and losses per game and opponent level."""

from __future__ import annotations

from tafel import stats
from tafel.i18n import N_, _, format_percent
from tafel.match import player_label
from tafel.ui.scenes.lists import ListRow, ListScene
from tafel.ui.widgets import Button

#: How the list names the opponents that are no AI level (stats.SOLO, stats.HOT_SEAT).
OPPONENT_WORDS = (N_("solo"), N_("hot seat"))


def _rate(line: stats.Line) -> str:
    decided = line.win + line.draw + line.loss
    if not decided:
        return "–"
    return format_percent((line.win + 0.5 * line.draw) / decided)


class StatsScene(ListScene):
    title = N_("Statistics")
    columns = (
        (N_("Game"), 1.6),
        (N_("Opponent"), 1.4),
        (N_("Wins"), 0.6),
        (N_("Draws"), 0.6),
        (N_("Losses"), 0.6),
        (N_("Games"), 0.6),
        (N_("Score"), 0.7),
    )
    empty_text = N_("Finish a game against the AI (or solo) to see your results here.")
    hints = N_("↑↓ scroll · Esc back")

    def __init__(self, app) -> None:
        self.reset_button = Button(N_("Reset"), self.confirm_reset, key="reset", kind="danger")
        super().__init__(app)
        self.extra_buttons = [self.reset_button]
        # Games that keep records of their own (a puzzle's bests) get a button each.
        for game in sorted(app.registry.games.values(), key=lambda g: g.title):
            if game.records is not None:
                self.extra_buttons.insert(
                    0,
                    Button(
                        _("{game} records").format(game=game.translate(game.title)),
                        self._records_of(game),
                        key=f"records:{game.id}",
                    ),
                )
        self.refresh()

    def _records_of(self, game):
        def show() -> None:
            from tafel.ui.scenes.records import open_records

            open_records(self.app, game)

        return show

    def rows(self) -> list[ListRow]:
        from tafel import saves

        saves.flush()  # a game that just ended is counted in the background
        data = stats.Stats.load()
        registry = self.app.registry
        out = []
        order = {"easy": 0, "medium": 1, "hard": 2, stats.SOLO: -1, stats.HOT_SEAT: 9}
        for game_id in sorted(
            data.lines, key=lambda g: registry.games[g].title if g in registry.games else g
        ):
            title = (
                registry.games[game_id].translate(registry.games[game_id].title)
                if game_id in registry.games
                else game_id
            )
            for opponent in sorted(data.lines[game_id], key=lambda o: (order.get(o, 5), o)):
                line = data.lines[game_id][opponent]
                label = _(opponent) if opponent in (stats.SOLO, stats.HOT_SEAT) else player_label(opponent)
                out.append(
                    ListRow(
                        f"{game_id}:{opponent}",
                        [
                            title,
                            label,
                            str(line.win),
                            str(line.draw),
                            str(line.loss),
                            str(line.games),
                            _rate(line),
                        ],
                    )
                )
        return out

    def confirm_reset(self) -> None:
        from tafel.ui.scenes.dialog import ConfirmScene

        def really() -> None:
            stats.Stats().save()
            self.refresh()

        self.app.push(
            ConfirmScene(
                self.app,
                N_("Reset statistics?"),
                N_("Every count goes back to zero."),
                really,
                yes=N_("Reset"),
            )
        )
