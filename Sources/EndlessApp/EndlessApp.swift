// EndlessApp: screens, view models, commands. See issues 2 and 7.
