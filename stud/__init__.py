"""Five Card Stud: heads-up poker on the shared card classes (in progress)."""
