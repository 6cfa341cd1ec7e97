// EndlessSimulator: an offline randomuser.me. See issue 3.
