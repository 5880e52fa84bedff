// Users of ArcMaskKit see the core types its API speaks in (options, limits, manifest, families).
@_exported import ArcMaskFolder
@_exported import ArcMaskGeometry
