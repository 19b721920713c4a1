"""The screens of the app: menu, new-game form, game, scores, dialogs."""
