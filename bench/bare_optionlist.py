"""The baseline of bench/keypress.py: a bare Textual app with one OptionList
of 15 options (about what a game decision offers) and a Footer, nothing else.
Textual's OptionList repaints its whole region on a highlight move, so this
is what "moving in a list" costs in Textual itself."""
from textual.app import App
from textual.widgets import Footer, OptionList


class BareApp(App):
    def compose(self):
        yield OptionList(*[f"Option {i}: play it on species {i}" for i in range(1, 16)])
        yield Footer()

    def on_mount(self):
        self.query_one(OptionList).focus()


if __name__ == "__main__":
    BareApp().run()
