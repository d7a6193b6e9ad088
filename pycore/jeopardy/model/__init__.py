"""A game's rules compiled into arrays (anchors by turn states), and the level sweep over them."""
