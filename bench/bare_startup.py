"""The baseline of bench/startup.py: Header, Static, Footer."""
from textual.app import App
from textual.widgets import Footer, Header, Static


class Bare(App):
    def compose(self):
        yield Header()
        yield Static("bare app ready")
        yield Footer()


if __name__ == "__main__":
    Bare().run()
