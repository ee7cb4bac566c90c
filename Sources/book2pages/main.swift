import CommandLineInterface
import Foundation

exit(Command.main())
