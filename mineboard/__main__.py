from mineboard.cli import main

raise SystemExit(main())
