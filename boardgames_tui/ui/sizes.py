"""The smallest terminal the screens are made for (the app covers a smaller
one with a notice).  Its own module so that the app checks it without
importing the dialogs at start-up."""
MIN_WIDTH, MIN_HEIGHT = 80, 24
