"""Three or more players: each seat's chance at every turn start, the three-player variants, and
what the two-player advice costs a seat at a bigger table."""
