"""What the page's pictures and sentences show: boundaries, panels, the designer, when to hold, why."""
