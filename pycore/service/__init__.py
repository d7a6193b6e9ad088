"""What the outside calls: the JSON API (dispatch by game kind), links and the command line."""
