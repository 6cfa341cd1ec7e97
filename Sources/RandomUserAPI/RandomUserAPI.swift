// RandomUserAPI: the tolerant randomuser.me client. See issue 2.
