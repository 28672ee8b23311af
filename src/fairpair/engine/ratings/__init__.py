"""Ratings of a community's players (docs/ratings.md): which matches are rated
(``rated``), Glicko-2 for one-on-one matches (``glicko``), OpenSkill's Weng-Lin
Plackett-Luce model for pod tables with finishing places (``weng_lin``), FIDE's Elo for chess
clubs (``fide_elo``), and one event's update under each (``period``)."""
