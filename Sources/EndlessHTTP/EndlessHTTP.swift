// EndlessHTTP: the typed HTTP client. See issue 2.
