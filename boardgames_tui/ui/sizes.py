"""The smallest terminal the screens are made for (the app covers a smaller
one with a notice).  Its own module so that the app checks it without
importing the dialogs at start-up."""
MIN_WIDTH, MIN_HEIGHT = 80, 24


def too_small(app) -> bool:
    """Whether the app's terminal is smaller than the screens are made for."""
    w, h = app.size
    return w < MIN_WIDTH or h < MIN_HEIGHT
