import Foundation
import TeammateKit

print("teammate-bench: no benchmarks yet")
